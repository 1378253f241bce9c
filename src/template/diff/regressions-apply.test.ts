/**
 * Differences the differential harness found around `apply` (partials and macros, private or
 * with arguments) and the formatters chained after it: fixed to what the reference prints, or
 * held as the deliberate deviation docs/adr/002 names (`formatter-failure-keeps-scope`), with
 * its stand-in checked against the reference's output.
 */
import { describe, expect, it } from 'vitest';
import { createEngine, type Formatter } from '../index.ts';
import { explain } from './deviations.ts';

const engine = createEngine();
const render = (template: string, context: unknown, partials: Record<string, string> = {}) =>
  engine.render(template, context, { partials, locale: 'en-US', now: 0 }).output;

describe('decimal and percentage-format read text as written', () => {
  it('text with spaces around its number is no number', () => {
    const t = '[{a|decimal}|{a|percentage-format}]';
    expect(render(t, { a: '19 ' })).toBe('[|0.00]');
    expect(render(t, { a: ' 19' })).toBe('[|0.00]');
    expect(render(t, { a: '19\n' })).toBe('[|0.00]');
    expect(render(t, { a: '19' })).toBe('[19|19.00]');
    expect(render(t, { a: '-.5' })).toBe('[-0.5|-0.50]');
    expect(render(t, { a: '1.5e3' })).toBe('[1,500|1,500.00]');
  });

  it('percentage-format reads text as CLDR decimals: no hex nor binary, every digit kept', () => {
    const t = '[{a|percentage-format}]';
    expect(render(t, { a: '0x10' })).toBe('[0.00]');
    expect(render(t, { a: '0b1' })).toBe('[0.00]');
    expect(render(t, { a: '1e21' })).toBe('[1,000,000,000,000,000,000,000.00]');
    expect(render(t, { a: 12.345 })).toBe('[12.345]');
    // CLDR's decimal reads these as numbers, and so does the reference.
    expect(render(t, { a: 'NaN' })).toBe('[NaN]');
    expect(render(t, { a: '-Infinity' })).toBe('[∞]');
    expect(render(t, { a: '1-5' })).toBe('[-15.00]');
  });

  it('what an apply printed, its trailing space included, is such text', () => {
    // The macro prints the number and a space: no number to the reference's formatters.
    const partials = { p: '{.macro m}{obj.id}{.end}{a|apply m}{.space}' };
    const context = { a: '', obj: { id: 12.345 } };
    expect(render('{a|apply p|percentage-format}', context, partials)).toBe('0.00');
    expect(render('[{a|date %H %Q|decimal}]', { a: null })).toBe('[]');
  });
});

describe("format's arguments", () => {
  it('read `@` from the scope around the tag, not from the value formatted', () => {
    const context = { a: 'Hello', b: { c: 1 }, s: '{0} {1}', l: [1, 2] };
    expect(render('{s|format @ a}', context)).toBe('[object Object] Hello');
    expect(render('{.section a}{s|format @}{.end}', context)).toBe('Hello ');
    expect(render('{.section b}{s|format @.c c}{.end}', context)).toBe('1 1');
    expect(render('{.repeated section l}{s|format @ @index}|{.end}', context)).toBe('1 1|2 2|');
    // What an apply printed is formatted the same way.
    const partials = { p: '{.if a}{}{.end}' };
    expect(render('{a|apply p k=v|format @}', context, partials)).toBe('[object Object]');
  });
});

describe('a formatter failing inside an applied block (docs/adr/002, formatter-failure-keeps-scope)', () => {
  const context = { a: 'Hello', s: '', b: { c: 1 }, item: { items: [{}, {}], z: 1 } };
  const partials = {
    p1: '{a|bookkeeper-money-format|date %A}',
    two: '{a|date %A}{a|date %A}',
  };

  it('affects its own tag only: the scope after the apply is the one before it', () => {
    const t = '{a|apply p1 private}[{@|json}][{a}]{.section b}<{c}>{.end}';
    expect(render(t, context, partials)).toBe(
      '[{"a":"Hello","s":"","b":{"c":1},"item":{"items":[{},{}],"z":1}}][Hello]<1>',
    );
  });

  // The reference, as the stand-in renders it: the date and amount failures of the deviation.
  const failing: Formatter = (v) => {
    if (typeof v === 'string' || v === undefined) throw new Error('Invalid time value');
    return 'D';
  };
  const reference = createEngine({
    scopeLeaksOnFormatterFailure: true,
    formatters: { date: failing, 'bookkeeper-money-format': failing },
  });
  const out = (t: string): string =>
    reference.render(t, context, { partials, locale: 'en-US', now: 0 }).output;

  it('has a stand-in where the tag and the block each take off one frame at their end (its output here)', () => {
    // One failure: the tag's own frame is current after it, not isolated though the apply was private.
    expect(out('{a|apply p1 private}[{@}][{a}]{.section b}<{c}>{.end}')).toBe('[Hello][Hello]');
    expect(out('{a|apply p1 private}{.eval s + "!"}')).toBe('!');
    expect(out('{b|apply p1 private|html}[{@|json}][{a}]')).toBe('[{"c":1}][Hello]');
    // Two failures: the block's frame stays; a later failing formatter keeps the tag's frame too.
    expect(out('{b|apply two}[{@|json}]')).toBe('[{"c":1}]');
    expect(out('{b,a|apply two|html}[{@|json}]')).toBe('[{"c":1}]');
    expect(out('{b|apply two|date %A}[{@|json}]')).toBe('["Hello"]');
    // A repeated section that failed inside a macro leaves its first element and the list: the
    // macro's end and the tag's end take both off.
    const m = '{.macro m}{.repeated section items}{a|date %A}{.end}{.end}';
    expect(out(`${m}{item|apply m}|{@|json}`)).toBe('|{"items":[{},{}],"z":1}');
  });

  it('is what the harness names for these differences', () => {
    const why = (template: string, theirs: string): string | null => {
      const input = { template, context, partials, injects: {}, locale: 'en-US', now: 0 };
      const d = explain(input, theirs);
      return d === null || d === 'several' ? d : d.id;
    };
    expect(why('{a|apply p1 private}[{@}]', '[Hello]')).toBe('formatter-failure-keeps-scope');
    expect(why('{a|apply p1 private}{.section b}<{c}>{.end}', '')).toBe(
      'formatter-failure-keeps-scope',
    );
    const m = '{.macro m}{.repeated section items}{a|date %A}{.end}{.end}';
    expect(why(`${m}{item|apply m}{.section z}Y{.or}N{.end}`, 'Y')).toBe(
      'formatter-failure-keeps-scope',
    );
  });
});
