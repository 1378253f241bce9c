import { describe, expect, it } from 'vitest';
import { buildCart } from '../../../shared/cart/build-cart.ts';
import { PRODUCT_TYPES } from '../../../shared/catalog/product-types.ts';
import { answerText, cartView, productTypesOf } from './cart-view.ts';
import type { EntryDetails } from './entry-details.ts';

const stored = {
  id: 'cart-1',
  websiteId: 'site',
  currency: 'USD',
  created: new Date('2026-01-01T00:00:00Z'),
  isPurchased: false,
  orderId: null,
};
const line = (id: string, productType: number, extra: object = {}) => ({
  id,
  itemId: `item-${id}`,
  productType,
  title: `Item ${id}`,
  quantity: 2,
  sku: null,
  attributes: {},
  unitPriceCents: 1250,
  ...extra,
});
const detail = (extra: Partial<EntryDetails> = {}): EntryDetails => ({
  fullUrl: '/shop/p/x',
  image: null,
  fieldTitles: new Map(),
  optionOrdering: [],
  subscriptionPlan: null,
  ...extra,
});

describe('cartView', () => {
  it('offers a quantity form for goods and gift cards, not for a download, and for services as the site allows', () => {
    const cart = buildCart(stored, [
      line('a', PRODUCT_TYPES.PHYSICAL),
      line('b', PRODUCT_TYPES.DIGITAL),
      line('c', PRODUCT_TYPES.SERVICE),
      line('d', PRODUCT_TYPES.GIFT_CARD),
    ]);
    const editable = (allowed: boolean) =>
      cartView(cart, 'USD', new Map(), productTypesOf(cart), {
        multipleQuantityAllowedForServices: allowed,
      }).entries.map((entry) => entry.quantityEditable);
    expect(editable(true)).toEqual([true, false, true, true]);
    expect(editable(false)).toEqual([true, false, false, true]);
  });

  it("lists options in the product's order and answers in the form's order under their titles", () => {
    const cart = buildCart(stored, [
      line('a', PRODUCT_TYPES.PHYSICAL, {
        attributes: { Fit: 'Relaxed', Colour: 'Navy', Size: 'M' },
        additionalFields: { thread: ['Navy', 'Red'], initials: 'AL', blank: '' },
      }),
    ]);
    const details = new Map([
      [
        'a',
        detail({
          optionOrdering: ['Size', 'Colour', 'Fit'],
          fieldTitles: new Map([
            ['initials', 'Initials'],
            ['thread', 'Thread colour'],
          ]),
        }),
      ],
    ]);
    const [entry] = cartView(cart, 'USD', details, productTypesOf(cart)).entries;
    expect(entry?.attributes.map((a) => a.name)).toEqual(['Size', 'Colour', 'Fit']);
    expect(entry?.answers).toEqual([
      { title: 'Initials', value: 'AL' },
      { title: 'Thread colour', value: 'Navy, Red' },
    ]);
    expect(entry?.subTotalMoney).toMatchObject({ value: '25.00', currency: 'USD' });
  });

  it('carries what the cart page island edits: sku, cents, stored answers and item types', () => {
    const cart = buildCart(stored, [
      line('a', PRODUCT_TYPES.PHYSICAL, { sku: 'A-1', additionalFields: { initials: 'AL' } }),
      line('b', PRODUCT_TYPES.DIGITAL),
    ]);
    const view = cartView(cart, 'USD', new Map(), productTypesOf(cart));
    expect(view.entries[0]).toMatchObject({
      sku: 'A-1',
      unitPriceCents: 1250,
      subTotalCents: 2500,
      additionalFields: { initials: 'AL' },
    });
    expect(view.entries[1]?.additionalFields).toBeNull();
    expect(view.subtotalCents).toBe(5000);
    expect(view.productTypes).toEqual([PRODUCT_TYPES.PHYSICAL, PRODUCT_TYPES.DIGITAL]);
  });

  it('words answers of every shape as one line', () => {
    expect(answerText({ first: 'Ada', last: 'Lovelace' })).toBe('Ada Lovelace');
    expect(answerText(['a', '', 'b'])).toBe('a, b');
    expect(answerText(3)).toBe('3');
    expect(answerText(null)).toBe('');
  });
});
