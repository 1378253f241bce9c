/**
 * The differential harness in CI: a bounded number of generated cases on a fixed seed,
 * rendered by our engine and by the reference. The unexplained differences may only go
 * down: UNEXPLAINED_CEILING is a ratchet (lower it when a fix brings the count down, never
 * raise it). `npm run jsont:diff -- COUNT SEED` runs more cases and prints every difference
 * shrunk; JSONT_DIFF_RUNS changes the count here.
 */
import { describe, expect, it } from 'vitest';
import { compareOne, runDiff } from './harness.ts';

const RUNS = Number(process.env.JSONT_DIFF_RUNS ?? 200);
const SEED = 20_261_127;
/**
 * Unexplained differences among the 200 cases of SEED. 79 when first set; 82 once the spec's
 * own rules replaced the reference's in two places the generator reaches; 49 since formatters
 * read values of another type as the reference does and the spec's sold-out, relative-time
 * and count rules have stand-ins in deviations.ts; 14 since comparisons, partials that do not
 * parse, the scope of a section's `.or` branch and a score of formatters follow the reference;
 * 10 since week numbers, datetime:long, ranges, gift-card prices and relative times follow it
 * and plain spaces in dates, escaped Twitter-link text and decimalValue have stand-ins; 4
 * since formatters hand on the reference's result types (price helpers, format, truncate, safe,
 * cycle, iter, lookup, image-srcset), mod/round/datetime read text by its leading number and
 * the item helpers read missing fields from scope; 3 since smartypants places quotes as it does;
 * 2 since a section of a variable reads it from its own frame only; 0 since `.ctx` binds a
 * missing path as null, a private apply hides `@index` and a failing formatter's scope has a
 * stand-in in deviations.ts.
 */
const UNEXPLAINED_CEILING = 0;

describe(`our engine and the reference over ${RUNS} generated cases`, () => {
  it('differ only by deliberate deviations, beyond the ratchet of known unexplained ones', () => {
    const report = runDiff({ count: RUNS, seed: SEED, maxShrunk: 3 });
    const shown = report.differences.map((d) =>
      JSON.stringify({ template: d.input.template, ours: d.ours, reference: d.theirs }),
    );
    console.log(
      `jsont diff: ${report.cases} cases, ${report.differing} differing, ${report.unexplained} unexplained\n${shown.join('\n')}`,
    );
    expect(report.cases).toBe(RUNS);
    if (RUNS === 200) expect(report.unexplained).toBeLessThanOrEqual(UNEXPLAINED_CEILING);
  }, 120_000);
});

describe('the data both engines get', () => {
  it('is what JSON gives, whatever was generated, so a printed case reproduces', () => {
    // fast-check builds objects without a prototype and doubles that are NaN; read back from
    // the printout they are plain objects and null, and both engines get them so.
    const bare = Object.assign(Object.create(null) as object, { n: 0 });
    const input = {
      template: '{.inject @v i.json}{@v|product-price}|{.equal? @}Y{.or}N{.end}',
      context: { x: NaN },
      partials: {},
      injects: { 'i.json': bare },
      locale: 'en-US',
      now: 0,
    };
    expect(compareOne(input)).toEqual({ kind: 'same' });
  });
});
