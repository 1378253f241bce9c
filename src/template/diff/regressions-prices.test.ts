/**
 * Differences the differential harness found in the price helpers: what is fixed to the
 * reference, and the `cldr-money-site-setting` deviation of docs/adr/002, whose stand-in must
 * explain the reference's output.
 */
import { describe, expect, it } from 'vitest';
import { explainedBy } from './testing/explained-by.ts';
import { createEngine } from '../index.ts';

const engine = createEngine();
const render = (template: string, context: unknown): string =>
  engine.render(template, context, { locale: 'en-US', now: 0 }).output;

const product = (qty: number, money: Record<string, string>): unknown => ({
  structuredContent: { productType: 1, variants: [{ qtyInStock: qty, priceMoney: money }] },
});
const block = (price: string): string => `\n\n\n<div class="product-price">\n${price}\n</div>`;

describe('cldr-money-site-setting', () => {
  const t = '{item|product-price}';

  it("formats prices through CLDR when the website's setting is on", () => {
    const item = product(3, { value: '5.00', currency: 'USD' });
    expect(render(t, { item, website: { useCLDRMoneyFormat: true } })).toBe(block('$5.00'));
    expect(render(t, { item, featureFlags: { useCLDRMoneyFormat: true } })).toBe(block('$5.00'));
    expect(render(t, { item })).toBe(block('<span class="sqs-money-native">5.00</span>'));
  });

  it('explains the reference, which reads the feature flag only', () => {
    // The harness's shrunk case: a sold-out product with a zero price.
    const context = {
      item: product(0, { decimalValue: '0.00', currencyCode: 'USD' }),
      website: { useCLDRMoneyFormat: true },
    };
    expect(render(t, context)).toBe(block('$0.00'));
    const theirs = block('<span class="sqs-money-native">0.00</span>');
    expect(explainedBy(t, context, theirs)).toBe('cldr-money-site-setting');
  });
});

describe('sale-price', () => {
  const digital = (extra: Record<string, unknown>): unknown => ({
    structuredContent: {
      productType: 2,
      salePriceMoney: { value: '19.99', currency: 'USD' },
      ...extra,
    },
  });

  it("gives a digital product's sale price whether it is marked on sale or not", () => {
    // The harness's shrunk case: no onSale member.
    expect(render('{.same-day?}{items.0|sale-price}{.end}', { items: [digital({})] })).toBe('1999');
    expect(render('{p|sale-price}', { p: digital({ onSale: false }) })).toBe('1999');
    expect(render('{p|sale-price}', { p: digital({ onSale: true }) })).toBe('1999');
  });

  it('gives a variant its sale price only on sale', () => {
    const variant = (onSale: boolean): unknown => ({
      structuredContent: {
        productType: 1,
        variants: [{ onSale, salePriceMoney: { value: '19.99', currency: 'USD' } }],
      },
    });
    expect(render('{p|sale-price}', { p: variant(false) })).toBe('0');
    expect(render('{p|sale-price}', { p: variant(true) })).toBe('1999');
  });
});

describe('minor-units-by-currency', () => {
  const yen = (value: string): unknown => ({
    item: { structuredContent: { productType: 2, priceMoney: { value, currency: 'JPY' } } },
  });

  it("counts minor units of the price's currency: the yen has none", () => {
    expect(render('{item|from-price}', yen('5'))).toBe('5');
    expect(render('{item|normal-price}', yen('5'))).toBe('5');
  });

  it('explains the reference, which multiplies every amount by 100', () => {
    expect(explainedBy('{item|from-price}', yen('5'), '500')).toBe('minor-units-by-currency');
    // The harness's shrunk case: a hundredth of a yen is one "cent" to the reference.
    const t = '{.macro m1}{.section a}{.or}{item,a|from-price}{.end}{.end}{a|apply m1}{.space}';
    const context = { a: '', ...(yen('0.01') as Record<string, unknown>) };
    expect(render(t, context)).toBe('0 ');
    expect(explainedBy(t, context, '1 ')).toBe('minor-units-by-currency');
  });
});

describe('varied-prices-by-price-paid', () => {
  const item = (vs: unknown[]): unknown => ({
    structuredContent: { productType: 1, variants: vs },
  });
  const varied = (vs: unknown[]): string => render('{.varied-prices?}Y{.or}N{.end}', item(vs));

  it('compares the prices paid, read from the money objects first', () => {
    expect(varied([{ qtyInStock: 0 }, { qtyInStock: 0, price: 0 }])).toBe('N');
    expect(varied([{ onSale: true, price: 5, salePrice: 5 }, { price: 5 }])).toBe('N');
    expect(
      varied([
        { price: 5, onSale: true, salePrice: 1 },
        { price: 6, onSale: true, salePrice: 1 },
      ]),
    ).toBe('N');
    expect(varied([{ priceMoney: { value: '1' } }, { priceMoney: { value: '2' } }])).toBe('Y');
    expect(varied([{ onSale: true, price: 5, salePrice: 3 }, { price: 5 }])).toBe('Y');
  });

  it("explains the reference, which compares the variants' price members and sale flags", () => {
    const vs = [{ qtyInStock: 0 }, { qtyInStock: 0, price: 0 }];
    // The harness's shrunk cases: a missing price and a zero one, in a branch and a partial.
    const t =
      '{.if a}{.repeated section items}{.alternates with}{.varied-prices?}{.eval 1+2*3}' +
      '{.end}{.end}{.end} ';
    expect(render(t, { a: ' ', items: [item(vs)] })).toBe(' ');
    expect(explainedBy(t, { a: ' ', items: [item(vs)] }, '7 ')).toBe('varied-prices-by-price-paid');
    const macro = '{.macro m1}{.has-variants?}{.or}{item|apply p1}{.end}{.end}{a|apply m1} ';
    const partials = { p1: '{.varied-prices?}{.eval 1+2*3}{.end}' };
    expect(explainedBy(macro, { a: '', item: item(vs) }, '7 ', { partials })).toBe(
      'varied-prices-by-price-paid',
    );
    const money = { decimalValue: '-3.10', currencyCode: 'USD' };
    const same = [{ priceMoney: money }, { price: 0, priceMoney: money }];
    const branch = '{.section item}{.varied-prices?}{.var @$y a}{.end}{.end}{a}';
    expect(explainedBy(branch, { a: '', item: item(same) }, '{.var @$y a}')).toBe(
      'varied-prices-by-price-paid',
    );
  });
});
