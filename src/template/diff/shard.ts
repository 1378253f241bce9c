// Splitting one seeded run across processes: shard `part` of `of` renders the cases whose
// run index i has i % of === part, so shards of the same seed and count together render
// every case once, and their counts add up to the single run's.
import fc from 'fast-check';

export interface Shard {
  part: number;
  of: number;
}

export const WHOLE_RUN: Shard = { part: 0, of: 1 };

/** `i/n` (0 ≤ i < n), as `--shard` takes it; null when malformed. */
export function parseShard(text: string): Shard | null {
  const m = /^(\d+)\/(\d+)$/.exec(text);
  if (!m) return null;
  const part = Number(m[1]);
  const of = Number(m[2]);
  return of >= 1 && part < of ? { part, of } : null;
}

/** How many of the first `count` run indices fall in the shard. */
export function casesInShard(count: number, { part, of }: Shard): number {
  return Math.max(0, Math.ceil((count - part) / of));
}

/**
 * The arbitrary of the seeded sequence with the runs outside the shard left ungenerated
 * (null). fast-check gives run i a random generator of its own (the seed's generator jumped
 * i times), so leaving a run ungenerated changes none of the others: a shard's cases are
 * exactly the single run's cases at the same indices. Generating is a fifth of a case's cost.
 */
export class ShardArbitrary<T> extends fc.Arbitrary<T | null> {
  private run = 0;

  constructor(
    private readonly inner: fc.Arbitrary<T>,
    private readonly shard: Shard,
  ) {
    super();
  }

  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T | null> {
    const index = this.run++;
    if (index % this.shard.of !== this.shard.part) return new fc.Value(null, undefined);
    return this.inner.generate(mrng, biasFactor);
  }

  canShrinkWithoutContext(value: unknown): value is T | null {
    return value === null || this.inner.canShrinkWithoutContext(value);
  }

  shrink(value: T | null, context: unknown): fc.Stream<fc.Value<T | null>> {
    return value === null ? fc.Stream.nil() : this.inner.shrink(value, context);
  }
}
