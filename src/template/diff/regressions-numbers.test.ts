/**
 * Differences the differential harness found in how values reach and leave the numeric and
 * counting formatters (cycle, pluralize, the money formatters, `{.eval}`): fixed to what the
 * reference prints, which is the expectation here.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../index.ts';

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
});
