/**
 * Deliberate deviations of docs/adr/002 found by the differential harness in money and
 * calendar links: our output is the expectation here, and each row's stand-in must explain
 * the reference's output for its own cause only.
 */
import { describe, expect, it } from 'vitest';
import { explainedAt } from './testing/explained-by.ts';
import { createEngine } from '../index.ts';

const engine = createEngine();
const NOW = 1_700_000_000_000;
const explainedBy = explainedAt(NOW);
const render = (template: string, context: unknown): string =>
  engine.render(template, context, { locale: 'en-US', now: NOW }).output;

describe('money-names-and-currency', () => {
  it('reads any of our money names and a missing currency as USD', () => {
    expect(render('{a|money}', { a: { value: '1.5' } })).toBe('$1.50');
    expect(render('{a|money}', { a: { decimalValue: '1.5', currency: 'EUR' } })).toBe('€1.50');
    expect(render('{a|money}', { a: { decimalValue: '1.5', value: '2', currency: 'EUR' } })).toBe(
      '€1.50',
    );
  });

  it('explains the reference, which reads value with currency or decimalValue with currencyCode', () => {
    expect(explainedBy('{a|money}', { a: { value: '1.5' } }, '')).toBe('money-names-and-currency');
    const mixed = { a: { decimalValue: '1.5', value: '2', currency: 'EUR' } };
    expect(explainedBy('{a|money}', mixed, '€2.00')).toBe('money-names-and-currency');
    // An empty currency prints no symbol in the reference: not this row's cause.
    expect(explainedBy('{a|money}', { a: { value: '1.5', currency: '' } }, ' 1.50')).toBeNull();
  });
});

describe('calendar-url-utf8', () => {
  const t = '{a|google-calendar-url}';
  const url = (text: string): string =>
    `http://www.google.com/calendar/event?action=TEMPLATE&text=${text}&dates=19700101T000000Z/19700101T000000Z`;

  it('percent-encodes the title as UTF-8', () => {
    expect(render(t, { a: { title: "é+'" } })).toBe(url("%C3%A9%2B'"));
  });

  it("explains the reference's escape() of the title, and nothing else", () => {
    expect(explainedBy(t, { a: { title: "é+'" } }, url('%E9+%27'))).toBe('calendar-url-utf8');
    expect(explainedBy(t, { a: { title: 'é' } }, url('%C3%A9%20'))).toBeNull();
  });
});

describe('significant-maxfrac', () => {
  const t = '{a|decimal mode:significant-maxfrac minsig:1 maxfrac:3}';

  it('lets the fraction limit rule, as the golden case template-engine:f-decimal-2 expects', () => {
    expect(render(t, { a: 3.14159 })).toBe('3.142');
  });

  it('explains the reference, which reads no mode, and nothing else', () => {
    expect(explainedBy(t, { a: 3.14159 }, '3.14159')).toBe('significant-maxfrac');
    expect(explainedBy(t, { a: 3.14159 }, '3.14')).toBeNull();
  });
});

describe('srcset-escaped', () => {
  const t = '{a|image-srcset}';
  const a = { assetUrl: '/a&"b', systemDataVariants: '100w' };

  it('escapes the addresses in the attribute', () => {
    expect(render(t, { a })).toBe(
      ' srcset="/a&amp;&quot;b?format=100w 100w,/a&amp;&quot;b?format=original 300w"',
    );
  });

  it('explains the reference, which writes them as they are', () => {
    const reference = ' srcset="/a&"b?format=100w 100w,/a&"b?format=original 300w"';
    expect(explainedBy(t, { a }, reference)).toBe('srcset-escaped');
  });
});
