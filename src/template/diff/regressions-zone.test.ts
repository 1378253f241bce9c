/**
 * The deliberate deviation `site-zone-everywhere` of docs/adr/002: our output is the
 * expectation here, and its stand-in must explain the reference's output.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../index.ts';
import { explain } from './deviations.ts';

const engine = createEngine();
const at = 1_700_000_000_000; // 22:13 UTC, 23:13 in Paris, 17:13 in New York, 07:13 in Tokyo
const context = {
  a: at,
  b: { a: at },
  obj: { a: at, website: { timeZone: 'Asia/Tokyo' } },
  website: { timeZone: 'Europe/Paris' },
};
const partials = { p: '{a|date %H}' };
const template = '{a|date %H}|{b|apply p private}|{.section obj}{a|date %H}{.end}';
const options = { partials, locale: 'en-US', now: 0 };

describe('site-zone-everywhere', () => {
  it("prints every date in the site's zone, in a private partial and any section", () => {
    expect(engine.render(template, context, options).output).toBe('23|23|23');
  });

  it("has a stand-in reading the zone from each date's scope, as the reference does", () => {
    const reference = createEngine({ zoneFromScope: true });
    const theirs = reference.render(template, context, options).output;
    expect(theirs).toBe('23|17|07');
    const d = explain(
      { template, context, partials, injects: {}, locale: 'en-US', now: 0 },
      theirs,
    );
    expect(d !== null && d !== 'several' ? d.id : d).toBe('site-zone-everywhere');
  });
});
