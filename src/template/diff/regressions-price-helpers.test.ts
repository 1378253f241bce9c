/**
 * Differences the differential harness found in the price helpers (`product-price`,
 * `from-price`, `normal-price`, `sale-price`): a missing amount reads as zero and a price block
 * shows the helpers' amounts, as in the reference; "from" and the money reading stay the
 * deviations of docs/adr/002, whose stand-ins must explain the reference's output, together
 * with the other rows of a case.
 */
import { describe, expect, it } from 'vitest';
import { explainedBy } from './testing/explained-by.ts';
import { createEngine } from '../index.ts';

const engine = createEngine();
const render = (template: string, context: unknown): string =>
  engine.render(template, context, { locale: 'en-US', now: 0 }).output;

const usd = (value: string): unknown => ({ value, currency: 'USD' });
const physical = (variants: unknown[], type = 1): unknown => ({
  structuredContent: { productType: type, variants },
});
const block = (price: string): string => `\n\n\n<div class="product-price">\n${price}\n</div>`;
const span = (amount: string): string => `<span class="sqs-money-native">${amount}</span>`;
const saleBlock = (sale: string, original: string): string =>
  block(
    '<span class="visually-hidden v6-visually-hidden">Sale Price:</span>' +
      `${span(sale)} <span class="visually-hidden v6-visually-hidden">Original Price:</span>` +
      `<span class="original-price">${span(original)}</span>\n`,
  );

describe('a missing amount reads as zero', () => {
  it('in from-price and sale-price: a variant on sale without a sale price costs nothing', () => {
    // The harness's shrunk cases: the variant on sale has a sale price, the other no price.
    const onSale = { qtyInStock: 0, onSale: true, salePriceMoney: usd('1.00') };
    const t =
      '{.macro m1}{.repeated section list}{.or}{items.0,a|from-price}{.end}{.end}{a|apply m1}';
    expect(render(t, { a: '', list: [], items: [physical([{ qtyInStock: 0 }, onSale])] })).toBe(
      '0',
    );
    expect(render('{p|from-price}', { p: physical([onSale, { qtyInStock: 0 }]) })).toBe('0');
    const noSalePrice = { priceMoney: usd('3.00'), onSale: true };
    const both = physical([noSalePrice, { ...noSalePrice, salePriceMoney: usd('1.00') }]);
    expect(render('{p|from-price}', { p: both })).toBe('0');
    expect(render('{p|sale-price}', { p: both })).toBe('0');
  });

  it('in product-price: the sale and the regular price of a product on sale', () => {
    // The harness's shrunk case: a digital product marked on sale, without any price.
    const digital = { structuredContent: { productType: 2, onSale: true } };
    expect(render('{p|product-price}', { p: digital })).toBe(saleBlock('0.00', '0.00'));
    const noSale = physical([{ priceMoney: usd('3.00'), onSale: true }]);
    expect(render('{p|product-price}', { p: noSale })).toBe(saleBlock('0.00', '3.00'));
  });
});

describe('product-price shows the price helpers’ amounts', () => {
  it('a product on sale at one price: the lowest sale price and the highest regular one', () => {
    const v = (price: string): unknown => ({
      priceMoney: usd(price),
      onSale: true,
      salePriceMoney: usd('1.00'),
    });
    expect(render('{p|product-price}', { p: physical([v('3.00'), v('4.00')]) })).toBe(
      saleBlock('1.00', '4.00'),
    );
  });

  it('a gift card is never on sale, even with a variant marked so', () => {
    const card = physical(
      [{ priceMoney: usd('3.00'), onSale: true, salePriceMoney: usd('1.00') }],
      4,
    );
    expect(render('{p|product-price}', { p: card })).toBe(block(span('3.00')));
    expect(render('{p|from-price}', { p: card })).toBe('100');
  });

  it('the zero amount of a product without a price follows the money format', () => {
    const unknown = physical([{ priceMoney: usd('3.00') }], 5);
    const flags = { featureFlags: { useCLDRMoneyFormat: true } };
    expect(render('{p|product-price}', { p: unknown, ...flags })).toBe(block('$0.00'));
    expect(render('{p|product-price}', { p: 'text', ...flags })).toBe(block('$0.00'));
    expect(render('{p|product-price}', { p: unknown })).toBe(block(span('0.00')));
  });
});

describe('varied-prices-by-price-paid in product-price', () => {
  // The harness's shrunk case: one variant without a price, one at 0 minor units.
  const items = [physical([{ qtyInStock: 0 }, { qtyInStock: 0, price: 0 }])];
  const t = '{.if has-variants?}{.or}{items.0|product-price}{.end}{a}';

  it('says "from" only when the prices paid differ', () => {
    expect(render(t, { a: '', items })).toBe(block(span('0.00')));
    const varied = physical([{ priceMoney: usd('1.00') }, { priceMoney: usd('2.00') }]);
    expect(render('{p|product-price}', { p: varied })).toBe(block(`from ${span('1.00')}\n`));
  });

  it("explains the reference, which compares the variants' price members and sale flags", () => {
    expect(explainedBy(t, { a: '', items }, block(`from ${span('0.00')}\n`))).toBe(
      'varied-prices-by-price-paid',
    );
    // Equal price members, so one price to the reference: the highest.
    const unmarked = physical([{ priceMoney: usd('1.00') }, { priceMoney: usd('2.00') }]);
    expect(explainedBy('{p|product-price}', { p: unmarked }, block(span('2.00')))).toBe(
      'varied-prices-by-price-paid',
    );
  });
});

describe('legacy-money-two-decimals', () => {
  // The harness's shrunk case: a digital product on sale, its sale price in yen.
  const context = {
    a: '',
    items: [
      {
        structuredContent: {
          productType: 2,
          onSale: true,
          salePriceMoney: { value: '0.00', currency: 'JPY' },
        },
      },
    ],
  };
  const t = '{items.0,a|product-price}{a}';

  it("rounds the legacy markup to the currency's fraction digits: a yen price has none", () => {
    expect(render(t, context)).toBe(saleBlock('0', '0.00'));
    const yen = physical([{ priceMoney: { value: '300', currency: 'JPY' } }]);
    expect(render('{p|product-price}', { p: yen })).toBe(block(span('300')));
  });

  it('explains the reference, which prints two decimals in every currency', () => {
    expect(explainedBy(t, context, saleBlock('0.00', '0.00'))).toBe('legacy-money-two-decimals');
    const yen = physical([{ priceMoney: { value: '1.5', currency: 'JPY' } }]);
    expect(explainedBy('{p|product-price}', { p: yen }, block(span('1.50')))).toBe(
      'legacy-money-two-decimals',
    );
  });
});

describe('several price rows at once', () => {
  it('explains a price read as the reference reads it, in the legacy markup', () => {
    // The harness's shrunk case: `decimalValue` (money-decimal-value) and the site's CLDR
    // setting (cldr-money-site-setting) in one price.
    const context = {
      item: physical([
        { qtyInStock: 0, priceMoney: { decimalValue: '0.01', currencyCode: 'USD' } },
      ]),
      website: { useCLDRMoneyFormat: true },
    };
    expect(render('{item|product-price}', context)).toBe(block('$0.01'));
    expect(explainedBy('{item|product-price}', context, block(span('0.00')))).toBe('several');
  });

  it('explains a minor-unit price beside another row', () => {
    // The harness's shrunk case: a `price` number the reference does not read, then
    // `product-status` of text (unknown-product-type-sold-out).
    const t = '{.if a}{.section a}{item,a|normal-price}{.end}{.end}{a|product-status}';
    const context = { a: '!', item: physical([{ qtyInStock: 0, price: 1 }]) };
    expect(render(t, context)).toBe('1');
    const theirs = '0<div class="product-mark sold-out">sold out</div>';
    expect(explainedBy(t, context, theirs)).toBe('several');
  });

  it('explains "from" decided by price members the money reading drops', () => {
    const t = '{item|product-price}{a|product-status}';
    const context = { a: '!', item: physical([{ qtyInStock: 0 }, { qtyInStock: 0, price: 0 }]) };
    const theirs = `${block(`from ${span('0.00')}\n`)}<div class="product-mark sold-out">sold out</div>`;
    expect(explainedBy(t, context, theirs)).toBe('several');
  });
});
