/**
 * Differences the differential harness found in how text is read: where truncate may cut a
 * word, how google-calendar-url writes the location, and how plural?/singular? count text.
 * Fixed to what the reference prints, which is the expectation here.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../index.ts';
import { registerCldrPackLoader } from '../plugins/i18n/index.ts';
import { diffPacks } from './packs.ts';

registerCldrPackLoader((language) => diffPacks[language]);

const engine = createEngine();
const render = (template: string, context: unknown, locale = 'en-US'): string =>
  engine.render(template, context, { locale, now: 0 }).output;

describe('truncate cuts words at ASCII white space only', () => {
  const cut = (a: string): string => render('{a|truncate 4}', { a });

  it('keeps a no-break space inside the word', () => {
    expect(cut('ab\u00a0cdefg')).toBe('ab\u00a0c...');
    expect(cut('ab\u202fcdefg')).toBe('ab\u202fc...');
    expect(cut('ab\u3000cdefg')).toBe('ab\u3000c...');
    expect(cut('ab\ufeffcdefg')).toBe('ab\ufeffc...');
  });

  it('still cuts at a space, tab, line break, vertical tab or form feed', () => {
    for (const space of [' ', '\t', '\n', '\r', '\v', '\f'])
      expect(cut(`ab${space}cdefg`)).toBe(`ab${space}...`);
  });

  it('the harness case: a French amount keeps its first digit group', () => {
    expect(render('{a|bookkeeper-money-format|truncate 4}', { a: -1e257 }, 'fr-FR')).toBe(
      '-1\u202f0...',
    );
  });
});

describe('google-calendar-url writes each location part trimmed', () => {
  const url = (location: unknown): string =>
    render('{a|google-calendar-url}', { a: { location } }).replace(/^.*&location=/, '');

  it('trims each part and leaves out a part of white space only', () => {
    // The harness's shrunk case.
    expect(url({ addressLine1: '  padded  ' })).toBe('padded');
    expect(url({ addressLine1: '   ', addressLine2: ' x y ', addressCountry: '\u00a0C\n' })).toBe(
      'x%20y%2C%20C',
    );
    expect(url({ addressLine1: 5, addressLine2: '\ufeff6\u2028' })).toBe('5%2C%206');
  });

  it('keeps the title as it is', () => {
    expect(render('{a|google-calendar-url}', { a: { title: ' t ' } })).toContain('&text=%20t%20&');
  });
});

describe('plural? and singular? read text by its leading number', () => {
  const which = (x: unknown): string =>
    render('{.section x}{.plural?}P{.or}{.singular?}S{.or}N{.end}{.end}{.end}', { x });

  it('counts text by the number it starts with', () => {
    expect(which('2:')).toBe('P');
    expect(which('2.5x')).toBe('P');
    expect(which('1:')).toBe('S');
    expect(which('1.0x')).toBe('S');
    expect(which('1e3')).toBe('S');
    expect(which('0x10')).toBe('N');
    expect(which('Infinity')).toBe('N');
    expect(which('abc')).toBe('N');
  });

  it('the harness case: a macro applied to "2:" takes the plural branch', () => {
    const t = '{.macro m1}{.plural?}{.or}é{.end}{.end}{$x|apply m1}';
    expect(render(t, { n: 1e21, $x: '2:' })).toBe('');
  });

  it('the harness case: a recursive macro in a partial stops at "1,234.5", singular', () => {
    const p1 = '{.macro m1}{.if singular?}{.or}{a|apply p1}{.end}{$x,a}{.end}{$x|apply m1}';
    const out = engine.render(
      '{.section a}{.or}{.if a}{.or}{a|apply p1}{.end}{.end} ',
      { a: '', $x: '1,234.5' },
      { locale: 'en-US', now: 0, partials: { p1 } },
    ).output;
    expect(out).toBe('1,234.5 ');
  });
});

describe('no value from a cycle without a choice stays none through safe and truncate below 1', () => {
  it('raw then prints nothing, as right after the cycle', () => {
    // The harness's shrunk case.
    expect(render('{.section a}{a|cycle|safe|raw}{.end}|', { a: ' ' })).toBe('|');
    expect(render('{a|cycle|safe|safe|raw}|', { a: 'x' })).toBe('|');
    expect(render('{a|cycle|truncate 0|raw}|', { a: 'x' })).toBe('|');
    expect(render('{a|cycle|truncate x|raw}|', { a: 'x' })).toBe('|');
  });

  it('formatters that make a value end it; a missing variable still prints null', () => {
    expect(render('{a|cycle|truncate 1|raw}|', { a: 'x' })).toBe('""|');
    expect(render('{a|cycle|html|raw}|', { a: 'x' })).toBe('""|');
    expect(render('{a|safe|raw}|', {})).toBe('null|');
  });
});
