import { describe, expect, it } from 'vitest';
import { toMoney } from '../money/to-money.ts';
import { emptyCart } from './shopping-cart.ts';

describe('emptyCart', () => {
  it('has every field of the spec with its default', () => {
    const cart = emptyCart('site-1', 'USD');
    expect(cart).toMatchObject({
      websiteId: 'site-1',
      isPurchased: false,
      entries: [],
      subtotalCents: 0,
      taxCents: 0,
      shippingCostCents: 0,
      discountCents: 0,
      grandTotalCents: 0,
      totalQuantity: 0,
      hasDigital: false,
      purelyDigital: false,
      requiresShipping: false,
      subtotalAmount: { value: '0.00', currencyCode: 'USD' },
    });
    for (const list of [
      'shippingOptions',
      'applicableTaxRules',
      'coupons',
      'validCoupons',
      'invalidCoupons',
    ] as const) {
      expect(cart[list]).toEqual([]);
    }
  });
});

describe('cart Money values (toMoney)', () => {
  it('divides minor units by the currency fraction digits', () => {
    expect(toMoney(12345, 'USD').value).toBe('123.45');
    expect(toMoney(5, 'EUR').value).toBe('0.05');
    expect(toMoney(1200, 'JPY').value).toBe('1200');
  });
});
