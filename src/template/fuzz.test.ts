/**
 * The engine fuzzed with random templates and contexts: whatever a merchant writes and whatever
 * data a page has, `render` returns (never throws), keeps its output budget, and reports
 * problems as positioned errors — never as RENDER_FAILED, the code of a contained engine bug.
 * TEMPLATE_FUZZ_RUNS sets the number of cases (default 1,000).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from './errors.ts';
import { createEngine } from './index.ts';
import { builtinFamilies, mergeFamilies } from './plugins/registry.ts';

const RUNS = Number(process.env.TEMPLATE_FUZZ_RUNS ?? 1_000);
const BUDGETS = { instructions: 20_000, outputSize: 64 * 1024, wallTimeMs: 500 };

const { formatters, predicates } = mergeFamilies(builtinFamilies);
const FORMATTER_NAMES = Object.keys(formatters);
const PREDICATE_NAMES = Object.keys(predicates);
const NAMES = [
  'a',
  'b',
  'items',
  'item',
  'title',
  'price',
  'a.b',
  'items.0',
  '@',
  '@index',
  'x.y.z',
];

const name = fc.constantFrom(...NAMES);
const formatterCall = fc
  .tuple(
    fc.constantFrom(...FORMATTER_NAMES),
    fc.array(fc.constantFrom('', ' 1', ' %A', ' a b', ' -1', ' 99999999', ' "x"', ' {'), {
      maxLength: 1,
    }),
  )
  .map(([formatter, args]) => `${formatter}${args.join('')}`);

/** Pieces of template source: real tags, half tags and text, in any order. */
const piece = fc.oneof(
  fc.string({ maxLength: 12 }).map((text) => text.replace(/[{}]/g, '')),
  name.map((n) => `{${n}}`),
  fc.tuple(name, formatterCall).map(([n, f]) => `{${n}|${f}}`),
  name.map((n) => `{.section ${n}}`),
  name.map((n) => `{.repeated section ${n}}`),
  name.map((n) => `{.if ${n}}`),
  fc.constantFrom(
    '{.end}',
    '{.or}',
    '{.alternates with}',
    '{.var @v a}',
    '{.eval 1+2*3}',
    '{.eval a + "x"}',
    '{.macro m}{@}{.end}',
    '{.apply missing.block}',
    '{.newline}',
    '{.space}',
    '{# comment }',
    '{##',
    '##}',
    '{',
    '}',
    '{.',
    '{|}',
    '{.section}',
  ),
  fc.tuple(fc.constantFrom(...PREDICATE_NAMES), name).map(([p, n]) => `{.${p} ${n}}`),
);

const template = fc.array(piece, { maxLength: 40 }).map((pieces) => pieces.join(''));

const context = fc.record(
  {
    a: fc.jsonValue({ maxDepth: 3 }),
    b: fc.jsonValue({ maxDepth: 2 }),
    items: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 30 }),
    item: fc.record({ title: fc.string(), price: fc.double() }, { requiredKeys: [] }),
    title: fc.string(),
    price: fc.oneof(fc.double(), fc.string(), fc.constant(null)),
    x: fc.jsonValue({ maxDepth: 3 }),
  },
  { requiredKeys: [] },
);

describe(`the engine over ${RUNS} random templates and contexts`, () => {
  it(
    'always returns, within its output budget, with no contained engine failure',
    () => {
      const engine = createEngine({ budgets: BUDGETS });
      fc.assert(
        fc.property(
          template,
          context,
          fc.constantFrom('en-US', 'fr-FR', 'ja-JP'),
          (source, data, locale) => {
            const result = engine.render(source, data, { locale, timeZone: 'Europe/Paris' });
            expect(typeof result.output).toBe('string');
            expect(result.output.length).toBeLessThanOrEqual(BUDGETS.outputSize);
            const failures = result.errors.filter((error) => error.code === ErrorCode.RenderFailed);
            expect(failures, `${source}\n${JSON.stringify(failures)}`).toEqual([]);
            for (const error of result.errors) {
              expect(error.line).toBeGreaterThanOrEqual(0);
              expect(typeof error.message).toBe('string');
            }
          },
        ),
        { numRuns: RUNS },
      );
    },
    Math.max(30_000, RUNS * 20),
  );

  it('writes data holding a key named toString like any other object (found by this fuzzer)', () => {
    const result = createEngine().render('{items}', { items: [{ toString: 0 }, 'a', [1, null]] });
    expect(result).toEqual({ output: '[object Object],a,1,', errors: [] });
  });

  it('ends a runaway template through its budgets, not by hanging', () => {
    const engine = createEngine({ budgets: BUDGETS });
    const items = Array.from({ length: BUDGETS.instructions * 2 }, (_, index) => index);
    const result = engine.render('{.repeated section items}{@}{.end}', { items });
    expect(result.errors.map((error) => error.code)).toContain(ErrorCode.BudgetInstructions);
  });
});
