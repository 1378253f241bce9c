import { describe, expect, it } from 'vitest';
import { buildCart, type CartLine, type StoredCart } from './build-cart.ts';

const stored: StoredCart = {
  id: 'cart-1',
  websiteId: 'site-1',
  currency: 'USD',
  created: new Date('2026-01-02T03:04:05Z'),
  isPurchased: false,
  orderId: null,
};

const line = (overrides: Partial<CartLine>): CartLine => ({
  id: 'entry-1',
  itemId: 'shirt',
  productType: 1,
  title: 'Linen Shirt',
  quantity: 1,
  sku: 'SH-M',
  attributes: { Size: 'M' },
  unitPriceCents: 4500,
  ...overrides,
});

describe('buildCart', () => {
  it('sums entry subtotals and quantities', () => {
    const cart = buildCart(stored, [
      line({ quantity: 2 }),
      line({ id: 'entry-2', itemId: 'book', productType: 2, unitPriceCents: 1250 }),
    ]);
    expect(cart.entries.map((entry) => entry.subTotal)).toEqual([9000, 1250]);
    expect(cart).toMatchObject({
      id: 'cart-1',
      created: Date.parse('2026-01-02T03:04:05Z'),
      subtotalCents: 10250,
      grandTotalCents: 10250,
      totalQuantity: 3,
      hasDigital: true,
      purelyDigital: false,
      requiresShipping: true,
      subtotalAmount: { value: '102.50', currency: 'USD' },
    });
    expect(cart.items).toEqual([
      { itemId: 'shirt', productType: 1 },
      { itemId: 'book', productType: 2 },
    ]);
  });

  it('marks a cart of only digital goods as purely digital and not shipped', () => {
    const cart = buildCart(stored, [line({ productType: 2 })]);
    expect(cart).toMatchObject({ hasDigital: true, purelyDigital: true, requiresShipping: false });
  });

  it('an empty stored cart has zero totals and is not purely digital', () => {
    expect(buildCart(stored, [])).toMatchObject({
      totalQuantity: 0,
      purelyDigital: false,
      subtotalCents: 0,
    });
  });

  it("carries each entry's extra-field answers, null when it has none", () => {
    const cart = buildCart(stored, [
      line({ additionalFields: { engraving: 'A.B.' } }),
      line({ id: 'entry-2' }),
    ]);
    expect(cart.entries.map((entry) => entry.additionalFields)).toEqual([
      { engraving: 'A.B.' },
      null,
    ]);
  });
});
