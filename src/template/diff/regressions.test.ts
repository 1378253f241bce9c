/**
 * Differences the differential harness found against the reference engine, each fixed and
 * kept here with the reference's output as the expectation (the harness's shrunk case, or a
 * smaller one showing the same rule).
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../index.ts';
import { registerCldrPackLoader } from '../plugins/i18n/index.ts';
import { diffPacks } from './packs.ts';

registerCldrPackLoader((language) => diffPacks[language]);
const engine = createEngine();
const render = (template: string, context: unknown, locale = 'en-US'): string =>
  engine.render(template, context, { locale, now: 1_700_000_000_000 }).output;

describe('differences found by the differential harness', () => {
  it('bookkeeper-money-format prints minor units in the currency of the locale, half-even', () => {
    const t = '{a|bookkeeper-money-format}|{b|bookkeeper-money-format}';
    expect(render(t, { a: 1250, b: true })).toBe('$12.50|$0.00');
    expect(render(t, { a: 1250, b: '12.5' })).toBe('$12.50|$0.12');
    expect(render(t, { a: 1250, b: true }, 'de-DE')).toBe('12,50\u00a0€|0,00\u00a0€');
    expect(render(t, { a: 1250, b: 0 }, 'en-GB')).toBe('£12.50|£0.00');
    expect(render(t, { a: -1250.7, b: [5] }, 'ja-JP')).toBe('-￥13|￥0');
  });

  it('width and height read each side as a leading integer; no size gets the message', () => {
    const t =
      '{a|width}|{a|height}|{a|resizedWidthForHeight 50}|{a|squarespaceThumbnailForHeight 50}';
    expect(render(t, { a: '10xq' })).toBe('10|NaN|0|100w');
    expect(render(t, { a: 'x20' })).toBe('NaN|20|0|100w');
    expect(render('{a|squarespaceThumbnailForWidth 50}', { a: '' })).toBe('100w');
    expect(render('{a|resizedHeightForWidth 50}', { a: {} })).toBe(
      "Invalid source parameter. Pass in 'originalSize'",
    );
  });

  it('a null member of a printed array reads null; deeper ones stay empty', () => {
    expect(render('{a}', { a: [null, [1, null], true] })).toBe('null,1,,true');
  });

  it('a bound variable name holding $ is not a variable: the tag stays text', () => {
    expect(render('{.var @$y a}{@$y}|{$x}', { a: 1, $x: 2 })).toBe('{.var @$y a}{@$y}|2');
  });

  it('knows the predicates the reference registers for folders, sources and block types', () => {
    const t =
      '{.index?}I{.end}{.passthrough?}P{.end}{.undefined?}U{.end}{.background-source-video?}V{.end}{.promotedTWITTER?}T{.end}';
    expect(
      render(t, {
        collection: { folder: true, folderBehavior: 1 },
        passthrough: true,
        sourceUrl: 'https://source.example',
        recordType: -1,
        backgroundSource: 3,
        promotedBlockType: 'twitter',
      }),
    ).toBe('IPUVT');
    expect(render(t, { collection: { folder: false, folderBehavior: 1 }, passthrough: true })).toBe(
      '',
    );
  });
});

describe('differences found by the differential harness: blocks and expressions', () => {
  it('ends .alternates with at a nested block: the block and what follows join the body', () => {
    const t = '{.repeated section list}{@}{.alternates with}X{.if a}S{.end}-{.end}';
    expect(render(t, { a: 1, list: [1, 2] })).toBe('1S-X2S-');
    expect(render('{.repeated section list}{@}{.alternates with},{.end}', { list: [1, 2] })).toBe(
      '1,2',
    );
  });

  it('expressions read missing values as null and stop at objects and arrays', () => {
    const t = '{.eval str(a)}|{.eval num(s)}|{.eval missing + 1}|{.eval c == 1}|{.eval o}';
    const result = engine.render(t, { a: null, s: '', c: [1], o: { x: 1 } });
    expect(result.output).toBe('null|0|1||');
    expect(result.errors.map((e) => e.code)).toEqual(['EXPR_VALUE', 'EXPR_VALUE']);
  });
});

describe('differences found by the differential harness: localized strings', () => {
  it('product-status prints the sold-out and sale strings of localizedStrings, nearest first', () => {
    const soldOut = { structuredContent: { productType: 1, variants: [] } };
    const onSale = {
      structuredContent: { productType: 1, variants: [{ onSale: true, qtyInStock: 3 }] },
    };
    const t = '{.section item}{@|product-status}{.end}';
    expect(
      render(t, { item: soldOut, localizedStrings: { productSoldOutText: 'épuisé <b>' } }),
    ).toBe('<div class="product-mark sold-out">épuisé &lt;b&gt;</div>');
    expect(
      render(t, {
        item: { ...onSale, localizedStrings: { productSaleText: 'solde' } },
        localizedStrings: { productSaleText: 'soldes' },
      }),
    ).toBe('<div class="product-mark sale">solde</div>');
    expect(render(t, { item: onSale })).toBe('<div class="product-mark sale">sale</div>');
  });
});

describe('differences found by the differential harness: predicates and partials', () => {
  it('comparisons read the right operand as the left one’s type; containers and null sit lowest', () => {
    const lt = (x: unknown, y: unknown): string =>
      render('{.lessThan? x y}<{.or greaterThan? x y}>{.or}={.end}', { x, y });
    expect([lt(1, '5 kg'), lt(5, 'abc'), lt(0, true), lt(0, null), lt(-1, [])]).toEqual([
      '<',
      '>',
      '<',
      '=',
      '<',
    ]);
    expect([lt('10', 5), lt('z', true), lt('', null), lt('1', {})]).toEqual(['<', '>', '=', '>']);
    expect([lt(true, -1), lt(true, 0.5), lt(false, 'true'), lt(true, 'TRUE')]).toEqual([
      '=',
      '>',
      '<',
      '>',
    ]);
    expect([lt({ a: 1 }, { a: 1 }), lt({}, 1), lt(null, 'a'), lt(undefined, null)]).toEqual([
      '=',
      '<',
      '<',
      '=',
    ]);
  });

  it('one argument compares the node with it; none is false; equal? takes null for missing', () => {
    expect(render('{.lessThan? 1}A{.or}B{.end}', { a: '' })).toBe('A');
    expect(render('{.greaterThan? a}A{.or}B{.end}', 'z')).toBe('A');
    expect(render('{.lessThan?}A{.or}B{.end}|{.notEqual?}A{.or}B{.end}', 1)).toBe('B|B');
    expect(render('{.equal? a b}A{.or}B{.end}', { a: null })).toBe('A');
  });

  it('same-day? reads missing dates as the epoch and text by its leading number', () => {
    const t = '{.same-day?}A{.or}B{.end}';
    expect(render(t, {})).toBe('A');
    expect(render(t, { startDate: 5 })).toBe('A');
    expect(render(t, { startDate: 1_700_000_000_000 })).toBe('B');
    expect(render(t, { startDate: '1700000000000x', endDate: 1_700_000_000_000 })).toBe('A');
  });

  it('a partial whose blocks or names do not parse prints nothing where it is applied', () => {
    const partials = (p1: string) => ({ partials: { p1 } });
    const apply = (p1: string): string =>
      engine.render('[{a|apply p1}]', { a: 'x' }, partials(p1)).output;
    expect(apply('{a}{.end}')).toBe('[]');
    expect(apply('{a}{.section a}')).toBe('[]');
    expect(apply('{a}{a|bogus}')).toBe('[]');
    expect(apply('{a}{.bogus?}Y{.end}')).toBe('[]');
    expect(apply('{a}{.eval 1 +}{.bogus}')).toBe('[x{.bogus}]');
    expect(engine.render('{.include p1 output}', { a: 'x' }, partials('{a}{.or}')).output).toBe('');
  });

  it('.if with mixed operators tests the operands before the operator first changes', () => {
    const t = '{.if a && b || c}Y{.or}N{.end}';
    expect([render(t, { a: 1, b: 1 }), render(t, { c: 1 })]).toEqual(['Y', 'N']);
    const u = '{.if a || b && c}Y{.or}N{.end}';
    expect([render(u, { b: 1 }), render(u, { c: 1 })]).toEqual(['Y', 'N']);
  });
});

describe('differences found by the differential harness: commerce and images', () => {
  it('product-price of a value without a price prints a zero amount unless its type is unknown', () => {
    const zero =
      '\n\n\n<div class="product-price">\n<span class="sqs-money-native">0.00</span>\n</div>';
    expect(render('{a|product-price}', { a: '' })).toBe(zero);
    expect(render('{a|product-price}', { a: { structuredContent: { productType: 1 } } })).toBe(
      zero,
    );
    expect(render('{a|product-price}', { a: { structuredContent: { productType: -1 } } })).toBe(
      '\n\n\n<div class="product-price">\n\n</div>',
    );
  });

  it('image-meta ends with a space; alt text is the title as written, else the body with tags as spaces', () => {
    const alt = (a: unknown): string =>
      /alt="([^"]*)" $/.exec(render('{a|image-meta}', { a }))?.[1] ?? '?';
    expect(alt({ title: ' <b>t</b> ' })).toBe(' &lt;b&gt;t&lt;/b&gt; ');
    expect(alt({ body: '<p>b</p><p>c</p>' })).toBe(' b  c ');
    expect(alt({ title: '', body: '', filename: ' f ' })).toBe(' f ');
    expect(alt({ title: 5 })).toBe('5');
    // Our image data carries the owner's alt text (docs/adr/002, image-meta-alt-text).
    expect(alt({ title: 't', altText: 'owner words' })).toBe('owner words');
  });
});

describe('differences found by the differential harness: dates, numbers and data helpers', () => {
  it('has-multiple? is true of an object with several members as of an array', () => {
    const t = '{.has-multiple?}A{.or}B{.end}';
    expect([render(t, { a: 1, b: null }), render(t, { a: 1 }), render(t, [1, 2])]).toEqual([
      'A',
      'B',
      'A',
    ]);
  });

  it('relative-time counts in the field asked for, and from the first of two values', () => {
    const a = 1_630_880_000_000;
    expect(render('{a|relative-time field:day}|{a|relative-time field:month}', { a })).toBe(
      '800 days ago|26 months ago',
    );
    expect(render('{a|relative-time width:short}', { a })).toBe('2 yr. ago');
    expect(render('{a,a|relative-time}|{a,b|relative-time}', { a: 1, b: 86_400_000 })).toBe(
      'now|in 24 hours',
    );
  });

  it('date and timesince read text by its leading number', () => {
    expect(render('{a|date %Y}|{b|date %Y}', { a: '100w', b: 'x' })).toBe('1969|');
    expect(render('{a|timesince}', { a: '-5.5x' })).toBe(
      '<span class="timesince" data-date="-5.5">about 53 years ago</span>',
    );
  });

  it('percentage-format prints the render locale’s digits, nothing without a locale', () => {
    const t = '{a|percentage-format}|{b|percentage-format trim}';
    expect(render(t, { a: 12.5, b: 1234.5 }, 'de-DE')).toBe('12,50|1.234,5');
    expect(render(t, { a: 12.5, b: 1234.5 }, 'none')).toBe('|');
  });

  it('lookup falls back to the scope; key-by of anything but an array is an empty object', () => {
    expect(render('{a|lookup obj.name}', { a: 'mug', obj: { name: 'a' } })).toBe('mug');
    expect(render('{a|lookup k}', { a: 'mug', k: 'x.y', x: { y: 'XY' } })).toBe('XY');
    expect(render('{a|key-by name|json}', { a: '' })).toBe('{}');
  });
});

describe('differences found by the differential harness: scopes and helpers', () => {
  it('the .or branch of a section runs with the section’s value as its scope', () => {
    const t = '{.section a}{.or}[{@}|{.section c}{b}{.end}|{b}]{.end}';
    expect(render(t, { a: false, b: 'B', c: 'C' })).toBe('[false||B]');
    expect(render('{.section a}{.or}{.var @v b}{.end}[{@v}]', { a: 0, b: 'B' })).toBe('[]');
  });

  it('an empty site time zone renders in UTC, as an unknown one does', () => {
    expect(render('{a|date %A %H}', { a: 0, website: { timeZone: '' } })).toBe('Thursday 00');
  });

  it('a formatter’s NaN prints nothing as money and NaN as a number', () => {
    expect(
      render('{a|mod|bookkeeper-money-format}|{a|mod|decimal}|{a|mod|percentage-format}', {
        a: '',
      }),
    ).toBe('|NaN|NaN');
  });

  it('find-first and find-last take the first or last element whose member is truthy', () => {
    const a = [{ name: 'n1' }, { x: 1 }, { name: 'n3' }];
    const t =
      '{a|find-first name|json}|{a|find-last name|json}|{a|find-last|json}|{s|find-first name}';
    expect(render(t, { a, s: ['x'] })).toBe('{"name":"n1"}|{"name":"n3"}|{"name":"n3"}|');
  });

  it('summary-form-field labels a field by its rawTitle only', () => {
    expect(render('{a|summary-form-field}', { a: { title: 'x', rawTitle: 'Name' } })).toContain(
      '>Name:<',
    );
    expect(render('{a|summary-form-field}', { a: { title: 'x' } })).toContain('>:<');
  });

  it('child-images? asks whether the first child has a main image or system data', () => {
    const t = '{.child-images?}Y{.or}N{.end}';
    expect(render(t, { items: [{ mainImageId: 'x' }] })).toBe('Y');
    expect(render(t, { items: [{}, { mainImageId: 'x' }] })).toBe('N');
    expect(render(t, { items: [{ assetUrl: 'https://img.example/a.jpg' }] })).toBe('N');
  });

  it('product-price without a locale prints no zero amount', () => {
    expect(render('{a|product-price}', { a: '' }, 'none')).toBe(
      '\n\n\n<div class="product-price">\n\n</div>',
    );
  });
});

describe('differences found by the differential harness: text and durations', () => {
  it('an expression joining text to null or a missing value writes null', () => {
    expect(render('{.eval s + obj.id}|{.eval null + s}', { s: 'x', obj: {} })).toBe('xnull|nullx');
  });

  it('encode-space encodes every white-space character', () => {
    expect(render('{a|encode-space}', { a: 'a\tb\u00a0c d' })).toBe('a&nbsp;b&nbsp;c&nbsp;d');
  });

  it('humanizeDuration prints minutes and seconds, signed parts for a negative duration', () => {
    const t = '{a|humanizeDuration}|{b|humanizeDuration}|{c|humanizeDuration}';
    expect(render(t, { a: 3_600_000, b: -65_000, c: '1500w' })).toBe('60:00|-1:-5|0:01');
  });

  it('color-weight and image-color of a value without colour are no value', () => {
    expect(render('[{a|color-weight|json}][{a|image-color|json}]', { a: 'x' })).toBe('[][]');
  });
});
