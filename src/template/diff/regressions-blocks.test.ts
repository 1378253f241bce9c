/**
 * Differences the differential harness found in variables, alternates and the site's zone:
 * fixed to what the reference prints, which is the expectation here.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../index.ts';

const engine = createEngine();
const render = (
  template: string,
  context: unknown,
  options: { partials?: Record<string, string>; injects?: Record<string, unknown> } = {},
): string => engine.render(template, context, { ...options, locale: 'en-US', now: 0 }).output;

describe('a variable bound to nothing', () => {
  const context = { n: 7, list: ['x'] };

  it('hides no outer binding of its name: the search goes on outward', () => {
    expect(render('{.var @v n}{.repeated section list}{.var @v missing}{@v}{.end}', context)).toBe(
      '7',
    );
    expect(render('{.var @v n}{.section list}{.inject @v none.json}{@v}{.end}', context)).toBe('7');
    // Every reader searches on: `.if`, `.eval` and a partial applied inside.
    const t = '{.var @v n}{.section list}{.var @v @w}{.if @v}Y{.end}{.eval @v}{n|apply p}{.end}';
    expect(render(t, context, { partials: { p: '{@v}' } })).toBe('Y77');
  });

  it('is still nothing where no outer binding exists, and a bound null is a value', () => {
    expect(render('{.var @v n}{.var @v missing}{@v}', context)).toBe('');
    expect(render('{.var @v n}{.section list}{.eval @v = null}{@v|json}{.end}', context)).toBe(
      'null',
    );
  });
});

describe('two `.alternates with` in one repeated section', () => {
  // A nested block ends the first separator; the second one adds to it instead of replacing it.
  it('print everything written after either between the elements', () => {
    const t =
      '{.repeated section l}A{.alternates with}B{.section x}{.end}C{.alternates with}D{.end}';
    expect(render(t, { l: [1, 2, 3] })).toBe('ACBDACBDAC');
    const empty =
      '{.repeated section l}A{.alternates with}B{.if x}{.end}C{.alternates with}D{.or}O{.end}';
    expect(render(empty, { l: [] })).toBe('O');
  });
});

describe("the site's zone", () => {
  const at = 1_700_000_000_000; // 22:13 UTC

  it('is UTC when website.timeZone is there but is no text, New York when it is missing', () => {
    const hour = (website: unknown) => render('{a|date %H}', { a: at, website });
    expect(hour({ timeZone: 5 })).toBe('22');
    expect(hour({ timeZone: null })).toBe('22');
    expect(hour({ timeZone: 'Europe/Paris' })).toBe('23');
    expect(hour({})).toBe('17');
  });
});
