// The differential harness: generated cases are rendered by our engine and by the
// reference; every case whose outputs differ (after trimming, as the golden cases are
// compared) is replayed and shrunk by fast-check to the smallest template, context and
// partials that still differ, then matched against the deliberate deviations.
import fc from 'fast-check';
import { createEngine, type Engine } from '../index.ts';
import { registerCldrPackLoader } from '../plugins/i18n/index.ts';
import { WIDGET_FORMATTERS } from './coverage.ts';
import { explain, renderWith, type Deviation } from './deviations.ts';
import { grammar } from './grammar.ts';
import { diffPacks } from './packs.ts';
import { casesInShard, ShardArbitrary, WHOLE_RUN, type Shard } from './shard.ts';
import {
  referenceFormatterNames,
  referencePredicateNames,
  renderReference,
  type DiffInput,
} from './reference.ts';

export interface Difference {
  /** The generated case, shrunk. */
  input: DiffInput;
  ours: string;
  theirs: string;
  /** The deliberate deviation explaining it ('several' when it takes more), or null. */
  deviation: Deviation | 'several' | null;
}

export interface DiffReport {
  /** Cases rendered: all `count` of them, or those of the shard. */
  cases: number;
  seed: number;
  shard: Shard;
  /** Cases whose outputs differed before shrinking. */
  differing: number;
  /** Cases the reference itself could not render (it threw): nothing to compare. */
  referenceFailures: number;
  /** Differing cases no deliberate deviation explains. */
  unexplained: number;
  /** Shrunk unexplained differences, one per case up to `maxShrunk`. */
  differences: Difference[];
}

export interface DiffOptions {
  count: number;
  seed: number;
  /** How many differing cases are shrunk and reported (shrinking costs many renders). */
  maxShrunk?: number;
  /** Render only this shard's share of the `count` cases (default: all of them). */
  shard?: Shard;
  /** Called after every 1,000 run indices (the shard's own cases among them). */
  onProgress?: (done: number, differing: number, unexplained: number) => void;
}

registerCldrPackLoader((language) => diffPacks[language]);
const engine: Engine = createEngine();

/** The formatters generated: the reference's, minus the widgets we render as islands. */
export const GENERATED_FORMATTERS = referenceFormatterNames.filter(
  (name) => !WIDGET_FORMATTERS.has(name),
);

const { input: inputArbitrary } = grammar({
  formatters: GENERATED_FORMATTERS,
  predicates: referencePredicateNames,
});
export { inputArbitrary };

export function renderOurs(input: DiffInput): string {
  return renderWith(engine, input);
}

type Outcome =
  | { kind: 'same' }
  | { kind: 'reference-failed' }
  | { kind: 'differs'; ours: string; theirs: string };

export function compareOne(input: DiffInput): Outcome {
  const theirs = renderReference(input);
  if (theirs instanceof Error) return { kind: 'reference-failed' };
  const ours = renderOurs(input);
  return ours.trim() === theirs.trim() ? { kind: 'same' } : { kind: 'differs', ours, theirs };
}

/** Differs and no deliberate deviation explains it: what shrinking keeps. */
function differsUnexplained(input: DiffInput): boolean {
  const outcome = compareOne(input);
  return outcome.kind === 'differs' && explain(input, outcome.theirs) === null;
}

/** Replays run `index` of the seeded sequence and shrinks it while it still differs. */
function shrink(seed: number, index: number): DiffInput | null {
  const result = fc.check(
    fc.property(inputArbitrary, (input) => !differsUnexplained(input)),
    { seed, path: String(index), numRuns: 1 },
  );
  return result.failed ? (result.counterexample?.[0] ?? null) : null;
}

export function runDiff(options: DiffOptions): DiffReport {
  const { count, seed, maxShrunk = 50, shard = WHOLE_RUN } = options;
  const failing: number[] = [];
  const unexplained: number[] = [];
  let index = 0;
  let referenceFailures = 0;
  const record = (at: number, input: DiffInput): void => {
    const outcome = compareOne(input);
    if (outcome.kind === 'differs') {
      failing.push(at);
      if (explain(input, outcome.theirs) === null) unexplained.push(at);
    }
    if (outcome.kind === 'reference-failed') referenceFailures++;
  };
  fc.check(
    fc.property(new ShardArbitrary(inputArbitrary, shard), (input) => {
      const at = index++;
      if (input !== null) record(at, input);
      if (index % 1000 === 0) options.onProgress?.(index, failing.length, unexplained.length);
      return true;
    }),
    { seed, numRuns: count },
  );
  const differences: Difference[] = [];
  for (const at of unexplained.slice(0, maxShrunk)) {
    const input = shrink(seed, at);
    if (!input) continue;
    const outcome = compareOne(input);
    if (outcome.kind !== 'differs') continue;
    differences.push({
      input,
      ours: outcome.ours,
      theirs: outcome.theirs,
      deviation: explain(input, outcome.theirs),
    });
  }
  return {
    cases: casesInShard(count, shard),
    seed,
    shard,
    differing: failing.length,
    referenceFailures,
    unexplained: unexplained.length,
    differences,
  };
}
