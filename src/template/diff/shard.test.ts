/** Shards of one seeded run: the same cases at the same indices, counts that add up. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inputArbitrary, runDiff } from './harness.ts';
import { casesInShard, parseShard, ShardArbitrary } from './shard.ts';

describe('--shard i/n', () => {
  it('reads i/n with 0 ≤ i < n and refuses anything else', () => {
    expect(parseShard('0/1')).toEqual({ part: 0, of: 1 });
    expect(parseShard('2/3')).toEqual({ part: 2, of: 3 });
    for (const bad of ['3/3', '1/0', '-1/2', '1', 'a/b', '1/2/3', ''])
      expect(parseShard(bad)).toBeNull();
  });

  it('counts the cases of each shard so that they add up to the run', () => {
    expect([0, 1, 2].map((part) => casesInShard(10, { part, of: 3 }))).toEqual([4, 3, 3]);
    expect(casesInShard(2, { part: 3, of: 4 })).toBe(0);
  });

  it('generates exactly the single run’s case at each of its indices, and nothing elsewhere', () => {
    const seed = 20_261_128;
    const runs = 45;
    const whole: string[] = [];
    fc.check(
      fc.property(inputArbitrary, (input) => {
        whole.push(JSON.stringify(input));
        return true;
      }),
      { seed, numRuns: runs },
    );
    for (let part = 0; part < 3; part++) {
      const seen: (string | null)[] = [];
      fc.check(
        fc.property(new ShardArbitrary(inputArbitrary, { part, of: 3 }), (input) => {
          seen.push(input === null ? null : JSON.stringify(input));
          return true;
        }),
        { seed, numRuns: runs },
      );
      expect(seen).toEqual(whole.map((w, i) => (i % 3 === part ? w : null)));
    }
  });

  it('splits a run into shards whose counts add up to it', () => {
    const whole = runDiff({ count: 30, seed: 7, maxShrunk: 0 });
    const parts = [0, 1].map((part) =>
      runDiff({ count: 30, seed: 7, maxShrunk: 0, shard: { part, of: 2 } }),
    );
    const sum = (f: (r: typeof whole) => number): number => parts.reduce((n, r) => n + f(r), 0);
    expect(sum((r) => r.cases)).toBe(30);
    expect(sum((r) => r.differing)).toBe(whole.differing);
    expect(sum((r) => r.unexplained)).toBe(whole.unexplained);
    expect(sum((r) => r.referenceFailures)).toBe(whole.referenceFailures);
    expect(whole.differing).toBeGreaterThan(0);
  }, 120_000);
});
