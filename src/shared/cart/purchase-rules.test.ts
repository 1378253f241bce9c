import { describe, expect, it } from 'vitest';
import { ERRORS } from '../errors.ts';
import { cartRefusal, hasEnoughStock, quantityRefusal, tracksStock } from './purchase-rules.ts';

describe('cartRefusal', () => {
  it('sells physical, digital, service and gift-card products through the cart', () => {
    for (const productType of [1, 2, 3, 4])
      expect(cartRefusal({ productType, isSubscribable: false })).toBeUndefined();
  });

  it('refuses PAYWALL (5) and unknown types with a clear message', () => {
    expect(cartRefusal({ productType: 5, isSubscribable: false })).toBe('ITEM_NOT_PURCHASABLE');
    expect(cartRefusal({ productType: 42, isSubscribable: false })).toBe('ITEM_NOT_PURCHASABLE');
    expect(ERRORS.ITEM_NOT_PURCHASABLE.message).toBe(
      'Sorry, this item cannot be purchased through the cart.',
    );
  });

  it('sends subscribable products to the subscription endpoint', () => {
    expect(cartRefusal({ productType: 1, isSubscribable: true })).toBe('SUBSCRIPTION_ONLY');
    expect(ERRORS.SUBSCRIPTION_ONLY.message).toContain('Subscribe');
  });
});

describe('stock rules', () => {
  it('counts stock for physical goods and services only', () => {
    expect([1, 2, 3, 4].map(tracksStock)).toEqual([true, false, true, false]);
  });

  it('compares the total in the cart with the stock; unlimited is always enough', () => {
    const stock = { unlimited: false, qtyInStock: 3 };
    expect(hasEnoughStock(1, stock, 3)).toBe(true);
    expect(hasEnoughStock(1, stock, 4)).toBe(false);
    expect(hasEnoughStock(3, { unlimited: false, qtyInStock: 0 }, 1)).toBe(false);
    expect(hasEnoughStock(1, { unlimited: true, qtyInStock: 0 }, 9999)).toBe(true);
    expect(hasEnoughStock(2, { unlimited: false, qtyInStock: 0 }, 1)).toBe(true);
    expect(hasEnoughStock(4, { unlimited: false, qtyInStock: 0 }, 5)).toBe(true);
  });

  it('holds one of a digital product per cart', () => {
    expect(quantityRefusal(2, 1)).toBeUndefined();
    expect(quantityRefusal(2, 2)).toBe('DIGITAL_QUANTITY_LIMIT');
    expect(quantityRefusal(1, 2)).toBeUndefined();
  });

  it('holds one of a service per cart only where the site does not allow more', () => {
    expect(quantityRefusal(3, 5)).toBeUndefined();
    expect(quantityRefusal(3, 5, true)).toBeUndefined();
    expect(quantityRefusal(3, 1, false)).toBeUndefined();
    expect(quantityRefusal(3, 2, false)).toBe('SERVICE_QUANTITY_LIMIT');
    expect(quantityRefusal(1, 2, false)).toBeUndefined();
  });
});
