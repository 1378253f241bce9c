/**
 * Differences the differential harness found in how values reach and leave the numeric and
 * counting formatters (cycle, pluralize, the money formatters, `{.eval}`): fixed to what the
 * reference prints, which is the expectation here.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../index.ts';
import { explain } from './deviations.ts';

const engine = createEngine();
const render = (template: string, context: unknown): string =>
  engine.render(template, context, { locale: 'en-US', now: 0 }).output;

describe('numbers through formatters', () => {
  it('raw prints nothing for a cycle without a choice, null for a missing variable', () => {
    expect(render('{a|cycle|raw}|', { a: 'x' })).toBe('|');
    expect(render('{n|cycle x|raw}|', { n: 1.5 })).toBe('|');
    expect(render('{a|cycle|raw|raw}|', { a: 'x' })).toBe('|');
    expect(render('{n|cycle x|raw}|', { n: 1 })).toBe('"x"|');
    expect(render('{nope|raw}|', {})).toBe('null|');
    expect(render('{.var @v a|cycle}{@v|raw}|', { a: 'x' })).toBe('null|');
  });

  it('pluralize reads text by its leading number', () => {
    const p = (a: unknown): string => render('[{a|pluralize}]', { a });
    expect(p('1,234.5')).toBe('[]');
    expect(p('1e3')).toBe('[]');
    expect(p('1 kg')).toBe('[]');
    expect(p('1.5')).toBe('[s]');
    expect(p('12')).toBe('[s]');
    expect(p([1])).toBe('[s]');
  });

  it('bookkeeper-money-format reads text as written in decimal, prints nothing without an amount', () => {
    const money = (a: unknown): string => render('[{a|bookkeeper-money-format}]', { a });
    expect(money('1e3')).toBe('[$10.00]');
    expect(money(' 12')).toBe('[$0.00]');
    expect(money('1,234')).toBe('[$0.00]');
    expect(money('-nan')).toBe('[$0.00]');
    expect(money('NaN')).toBe('[]');
    expect(money('Infinity')).toBe('[]');
    expect(render('[{a|mod|bookkeeper-money-format}]', { a: 'x' })).toBe('[]');
    // Text keeps its digits as written (slugify of a number's text is such text).
    expect(money('-8786768313406108e84')).toMatch(/^\[-\$87,867,683,134,061,080,000,/);
  });

  it("the reference's failure on no amount keeps its value as the scope (a deviation)", () => {
    const template = '{a|mod|bookkeeper-money-format}{.section list}L{.or}E{.end}';
    const context = { a: 'x', list: [1] };
    expect(render(template, context)).toBe('L');
    const input = { template, context, partials: {}, injects: {}, locale: 'en-US', now: 0 };
    const d = explain(input, 'E');
    expect(d !== null && d !== 'several' ? d.id : d).toBe('formatter-failure-keeps-scope');
  });

  it('{.eval} arithmetic reads text as a decimal or hex number only; comparisons as JavaScript', () => {
    const calc = (s: string): string => render('{.eval num(s)}|{.eval s * 1}|{.eval -s}', { s });
    expect(calc(' ')).toBe('NaN|NaN|NaN');
    expect(calc(' 12 ')).toBe('NaN|NaN|NaN');
    expect(calc('Infinity')).toBe('NaN|NaN|NaN');
    expect(calc('.5')).toBe('NaN|NaN|NaN');
    expect(calc('0b11')).toBe('NaN|NaN|NaN');
    expect(calc('-0x10')).toBe('-16|-16|16');
    expect(calc('5.')).toBe('5|5|-5');
    expect(calc('')).toBe('0|0|0');
    expect(render('{.eval s == 5}|{.eval s < 6}', { s: ' 5' })).toBe('true|true');
  });

  it('color-weight reads 3 to 6 hex digits as written; 4 or 5 are no whole colour, dark', () => {
    const weight = (n: unknown): string => render('[{n|color-weight}]', { n });
    expect(weight(1234)).toBe('[dark]');
    expect(weight('#ffff')).toBe('[dark]');
    expect(weight(999)).toBe('[light]');
    expect(weight('#fff')).toBe('[light]');
    expect(weight(' #fff')).toBe('[]');
    expect(weight(0)).toBe('[]');
    expect(weight('#1234567')).toBe('[]');
  });

  it('{.eval} min() and max() pass over arguments that are no number', () => {
    const ctx = { s: ' 5', u: 'x' };
    expect(render('{.eval min(s, 9)}|{.eval max(u, -9)}|{.eval min(3, u, 1)}', ctx)).toBe('9|-9|1');
    expect(render('{.eval min(s, u)}|{.eval max(s)}', ctx)).toBe('NaN|NaN');
  });
});
