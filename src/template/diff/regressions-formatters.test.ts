/**
 * Differences the differential harness found in how formatters read their text and their
 * options (format's placeholders, image-srcset's variants, the number options) and in the
 * gift card's sale state: fixed to what the reference prints, which is the expectation here.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../index.ts';

const engine = createEngine();
const render = (template: string, context: unknown): string =>
  engine.render(template, context, { locale: 'en-US', now: 0 }).output;

describe('format reads placeholders as the reference scans them', () => {
  const fill = (text: string): string => render('{a|format b c}', { a: text, b: 'Q', c: 'R' });

  it('prints nothing for a placeholder that is no index, and index 0 for an empty one', () => {
    expect(fill('A{x}B{1}C')).toBe('ABRC');
    expect(fill('A{ 0 }B{}C{01}D{-1}E')).toBe('ABQCRDE');
    // The harness's shrunk case: JSON text is all placeholders that are no index.
    expect(render('{obj,a|json-pretty|format}', { obj: { k: 1 }, a: 'x' })).toBe('');
  });

  it('a second brace inside a placeholder spoils it, a third starts it afresh', () => {
    expect(fill('A{{0}}B')).toBe('A}B');
    expect(fill('A{x{1}}B')).toBe('AR}B');
    expect(fill('A{{{1}}}B')).toBe('AR}}B');
    expect(fill('A{0{1}}B')).toBe('A}B');
  });

  it('drops the text after a placeholder that never closes; a lone } is text', () => {
    expect(fill('A{0}{B')).toBe('AQ');
    expect(fill('A}0{1')).toBe('A}0');
  });

  it("prints an argument as JavaScript's String() does: an object as [object Object]", () => {
    const t = '{a|format b}';
    expect(render(t, { a: '<{0}>', b: { k: 1 } })).toBe('<[object Object]>');
    expect(render(t, { a: '<{0}>', b: [null, 1, [2, null]] })).toBe('<,1,2,>');
    expect(render(t, { a: '<{0}>', b: null })).toBe('<>');
  });
});

describe('image-srcset writes the variants as the reference does', () => {
  const srcset = (variants: string, assetUrl: unknown = 'u'): string =>
    render('[{a|image-srcset}]', { a: { assetUrl, systemDataVariants: variants } });

  it('gives the original file the bucket after the last width, when that is a bucket', () => {
    // The harness's shrunk case: an image without originalSize.
    expect(srcset('100w,300w,500w')).toBe(
      '[ srcset="u?format=100w 100w,u?format=300w 300w,u?format=500w 500w,u?format=original 750w"]',
    );
    expect(srcset('300w,100w')).toBe(
      '[ srcset="u?format=300w 300w,u?format=100w 100w,u?format=original 300w"]',
    );
    expect(srcset('1500x983,1000w,1500w')).toBe(
      '[ srcset="u?format=1000w 1000w,u?format=1500w 1500w,u?format=original 2500w"]',
    );
    expect(srcset('150w,350w')).toBe('[ srcset="u?format=150w 150w,u?format=350w 350w"]');
    expect(srcset('1500w,2500w')).toBe('[ srcset="u?format=1500w 1500w,u?format=2500w 2500w"]');
  });

  it('takes every variant ending in w as written, and the address as text', () => {
    expect(srcset('10x10, 300w,abcw,100w ')).toBe(
      '[ srcset="u?format= 300w  300w,u?format=abcw abcw"]',
    );
    expect(srcset('100w', 5)).toBe('[ srcset="5?format=100w 100w,5?format=original 300w"]');
    expect(srcset('100w', null)).toBe('[ srcset="?format=100w 100w,?format=original 300w"]');
  });

  it('image-meta and image read the address as text too', () => {
    expect(render('{a|image-meta}', { a: { assetUrl: 5 } })).toContain('data-src="5"');
  });
});

describe('number options are read as the reference reads them', () => {
  const decimal = (args: string, n = 1234.5678): string => render(`{n|decimal ${args}}`, { n });

  it('a style or rounding it does not know leaves the one before', () => {
    // The harness's shrunk case: `symbol` is no decimal style.
    expect(render('{a|decimal style:permille style:symbol}', { a: 0 })).toBe('0‰');
    expect(decimal('style:percent style:short style:x')).toBe('1.2K');
    expect(decimal('round:floor round:x')).toBe('1,234.567');
    const m = { m: { value: '1234.5678', currency: 'EUR' } };
    expect(render('{m|money style:code style:bogus}', m)).toBe('1,234.57 EUR');
  });

  it('a digit option that is no number is 0; the last of two names for one option wins', () => {
    expect(decimal('maxfrac:x')).toBe('1,235');
    expect(decimal('maxsig:x')).toBe('0');
    expect(decimal('maxfrac:1 maxfrac:')).toBe('1,235');
    expect(decimal('maximumFractionDigits:1 maxfrac:3')).toBe('1,234.568');
    expect(decimal('minimumIntegerDigits:3 minint:5', 3.5)).toBe('00,003.5');
  });

  it('group is on for the bare word, an empty value or true; its last mention wins', () => {
    expect(decimal('group:x')).toBe('1234.568');
    expect(decimal('group:TRUE')).toBe('1234.568');
    expect(decimal('group:false group:')).toBe('1,234.568');
    expect(decimal('group group:false')).toBe('1234.568');
    expect(decimal('group:false group')).toBe('1,234.568');
  });

  it('modes other than significant-maxfrac change nothing', () => {
    expect(decimal('mode:significant maxfrac:1', 3.14159)).toBe('3.1');
    expect(decimal('mode:fractions maxsig:3 maxfrac:1', 3.14159)).toBe('3.14');
  });
});

describe('a gift card is never on sale', () => {
  const money = (value: string): object => ({ value, currency: 'USD' });
  const card = {
    productType: 4,
    onSale: true,
    variants: [{ onSale: true, priceMoney: money('10'), salePriceMoney: money('5') }],
  };

  it('whatever its own flag or its variants say', () => {
    // The harness's shrunk case: a macro testing on-sale? of a gift card.
    const t = '{.macro m1}{.on-sale?}S{.or}N{.end}{.end}{items.0|apply m1}';
    expect(render(t, { items: [{ structuredContent: { productType: 4, onSale: true } }] })).toBe(
      'N',
    );
    expect(render('{@|product-status}', { structuredContent: card })).toBe('');
  });
});

describe('numbers and times read as the reference reads them', () => {
  it('text has an exponent only after a decimal point', () => {
    const t = '{a|round}|{a|cycle A B C}|{.greaterThan? n a}G{.or}L{.end}';
    expect(render(t, { a: '1.5e3', n: 1000 })).toBe('1500|C|L');
    expect(render(t, { a: '1e3', n: 1000 })).toBe('1|A|G');
    expect(render(t, { a: '.5e1', n: 1000 })).toBe('5|B|G');
    // The harness's shrunk case, a number printed with an exponent: `htmltag` hands on text.
    expect(render('{@|htmltag|timesince}', 1.04e-322)).toBe(
      '<span class="timesince" data-date="1.04e-322">less than a minute ago</span>',
    );
  });

  it('cycle counts from 1 as the reference does: a tiny fraction less one is -1', () => {
    expect(render('{a|cycle A B C}|{b|cycle A B C}', { a: 1e-300, b: 0.5 })).toBe('C|');
  });

  it('%s is the whole seconds toward zero', () => {
    const utc = { website: { timeZone: 'UTC' } };
    expect(render('{a|date %s}|{b|date %s}', { ...utc, a: -1500, b: -999 })).toBe('-1|0');
  });

  it('timesince reads a time before 4713 BC as about that year, one far out as just now', () => {
    const since = (a: number): string =>
      render('{a|timesince}', { a }).replace(/^.*">|<\/span>$/g, '');
    // The harness's shrunk case: the Julian day 0 is the calendar's start.
    expect(since(-210884176000000)).toBe('about 6686 years ago');
    expect(since(-1e300)).toBe('about 6686 years ago');
    expect(since(-1.5e308)).toBe('less than a minute ago');
    expect(since(-86_400_000 * 365 * 1000)).toBe('about 1000 years ago');
  });
});

describe('more formatters as the reference prints them', () => {
  it('iter gives the index as text', () => {
    expect(render('{.repeated section l}{a|iter|json}{.end}|{a|iter|json}', { l: [1, 2] })).toBe(
      '"1""2"|""',
    );
  });

  it('lookup of an empty name finds nothing, not the first element', () => {
    expect(render('{list|lookup k}|{list|get k}', { list: ['mug'], k: '' })).toBe('|');
  });

  it('humanizeDuration counts whole seconds in 32 bits, wrapping past 2^31', () => {
    const t = '{a|humanizeDuration}|{b|humanizeDuration}|{c|humanizeDuration}';
    expect(render(t, { a: 1e21, b: -2147483649000, c: 2147483647000 })).toBe(
      '-24776977:-4|35791394:07|35791394:07',
    );
  });

  it('the price helpers print no price without locale data', () => {
    const money = { value: '10', currency: 'USD' };
    const none = (context: unknown): string =>
      engine.render('{@|product-price}', context, { locale: 'none' }).output;
    expect(none({ structuredContent: { productType: 1, variants: [{ priceMoney: money }] } })).toBe(
      '\n\n\n<div class="product-price">\n\n</div>',
    );
    expect(none({ structuredContent: { productType: 1, isSubscribable: true } })).toBe(
      '\n\n\n<div class="product-price">\n\n\n</div>',
    );
  });

  it('datetime hands CLDR widths and one skeleton of every other value, as the reference', () => {
    const at = (args: string): string =>
      render(`{a|datetime ${args}}`, { a: 0, website: { timeZone: 'UTC' } });
    // The harness's shrunk cases: a width and a skeleton given as two date: options.
    expect(at('date:yMMMd date:full')).toBe('Thursday, January 1, 1970 at Thu');
    expect(at('date:full date:yMMMd')).toBe('Thursday, January 1, 1970 at Thu');
    expect(at('date:full date:Hm')).toBe('Thursday, January 1, 1970 at 00:00');
    expect(at('EEEE Hm')).toBe('Thursday, 00:00');
    expect(at('date:short date:long')).toBe('January 1, 1970');
    expect(at('time:full time:Hm date:short')).toBe('1/1/70, 12:00:00 AM Greenwich Mean Time');
    expect(at('date')).toBe('1/1/70');
    expect(at('date:full date:')).toBe('1/1/70');
  });
});
