/**
 * Differences the differential harness found in what one formatter hands the next, in
 * formatter arguments and in comments: fixed to what the reference prints, which is the
 * expectation here.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../index.ts';

const engine = createEngine();
const render = (template: string, context: unknown): string =>
  engine.render(template, context, { locale: 'en-US', now: 0 }).output;

describe('values handed along a formatter chain', () => {
  it('lookup finds nothing as no value, a null member as null, and reads like a variable', () => {
    const t = '{a|lookup x|json}|{a|lookup x|round}|{a|lookup x|cycle A B}';
    expect(render(t, { a: 1, x: 'b' })).toBe('|0|B');
    expect(render(t, { a: { b: null }, x: 'b', b: 5 })).toBe('null|0|B');
    expect(render(t, { a: 1, x: 'b', b: 5 })).toBe('5|5|A');
    // The input holds the first name: the rest is not looked for in the scope.
    expect(render('{a|lookup x|json}', { a: { b: null }, x: 'b.c', b: { c: 5 } })).toBe('');
  });

  it('truncate with a limit below 1 or no number hands the value on as it is', () => {
    const t = '{a|truncate 0|json}|{a|truncate x|json}|{a|truncate 3|json}';
    expect(render(t, { a: 12345 })).toBe('12345|12345|"123..."');
    expect(render(t, { a: [1, 2] })).toBe('[1,2]|[1,2]|""');
    expect(render('{a|truncate 0|date %Y}', { a: null })).toBe('1969');
  });

  it('cycle reads text by its leading number and gives no value for a fraction', () => {
    const t = '{a|cycle A B|json}|{a|cycle A|mod|json}';
    expect(render(t, { a: '10x20' })).toBe('"B"|null');
    expect(render(t, { a: 1.5 })).toBe('|0');
    expect(render(t, { a: '' })).toBe('|0');
    expect(render(t, { a: null })).toBe('"B"|null');
  });

  it('a size has exactly one x: anything else is no size', () => {
    const invalid = "Invalid source parameter. Pass in 'originalSize'";
    const t = '{a|width}|{a|resizedHeightForWidth 100}';
    expect(render(t, { a: '10x20x30' })).toBe(`${invalid}|${invalid}`);
    expect(render(t, { a: '10x7px' })).toBe(`${invalid}|${invalid}`);
    expect(render(t, { a: '10x20' })).toBe('10|200');
  });
});

describe('formatter arguments split on every delimiter', () => {
  it('spaces in a row leave empty arguments, trailing ones too', () => {
    expect(render('{a|cycle A  B}|{b|cycle  A B}', { a: 2, b: 2 })).toBe('|A');
    expect(render('{a|truncate 3 }|{a|truncate }', { a: 'Hello' })).toBe('Hel|Hello');
  });
});

describe('comments', () => {
  it('a one-line comment holding a { is literal text, as an unterminated one is', () => {
    expect(render('{#x{a}}|b{#x', { a: 'A' })).toBe('{#xA}|b{#x');
  });

  it('{## inside a broken tag opens a one-line comment, elsewhere a multi-line one', () => {
    expect(render('x{y{##x}##}|{##x}##}', {})).toBe('x{y##}|');
    expect(render('{{##x{a}##}|{##x{a}##}', { a: 'A' })).toBe('{{##xA##}|');
  });
});

describe('bookkeeper-money-format', () => {
  it('moves the point in decimal: a number past 15 digits keeps its digits', () => {
    expect(render('{a|bookkeeper-money-format}', { a: 8.404687405170613e68 })).toBe(
      '$8,404,687,405,170,613,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000,000.00',
    );
    expect(render('{a|bookkeeper-money-format}', { a: 123_456_789_012_345_680 })).toBe(
      '$1,234,567,890,123,456.80',
    );
  });
});

describe('names that are indexes', () => {
  it('a name of digits only is a path; other names starting with a digit stay text', () => {
    const data = { 0: 'z', 1: { a: 'A' }, '12abc': 'q' };
    expect(render('{0}|{1.a}|{1|json}|{12abc}|{1e5}|{.section 1}S{.end}', data)).toBe(
      'z|A|{"a":"A"}|{12abc}|{1e5}|S',
    );
  });

  it('a repeated section puts its list on the scope under each element', () => {
    expect(render('{.repeated section l}{1}|{.end}', { l: [5, 6] })).toBe('6|6|');
    expect(render('{.repeated section l}{.odd? 1}Y{.or}N{.end}{.end}', { l: ['', 3] })).toBe('YY');
    expect(render('{.repeated section l}{a}{.end}', { a: 'x', l: [1, 2] })).toBe('xx');
  });
});
