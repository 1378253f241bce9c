import { describe, expect, it } from 'vitest';
import { PRODUCT_TYPES } from '../catalog/product-types.ts';
import { isBackInStock, restockEligibility } from './eligibility.ts';

describe('restockEligibility', () => {
  it('takes sign-ups for sold-out physical and service variants', () => {
    expect(restockEligibility(PRODUCT_TYPES.PHYSICAL, { unlimited: false, qtyInStock: 0 })).toBe(
      'sold-out',
    );
    expect(restockEligibility(PRODUCT_TYPES.SERVICE, { unlimited: false, qtyInStock: -1 })).toBe(
      'sold-out',
    );
  });

  it('has nothing to sign up for when in stock or unlimited', () => {
    expect(restockEligibility(PRODUCT_TYPES.PHYSICAL, { unlimited: false, qtyInStock: 1 })).toBe(
      'in-stock',
    );
    expect(restockEligibility(PRODUCT_TYPES.PHYSICAL, { unlimited: true, qtyInStock: 0 })).toBe(
      'in-stock',
    );
  });

  it('never for digital goods, gift cards, paywall or unknown types', () => {
    for (const type of [
      PRODUCT_TYPES.DIGITAL,
      PRODUCT_TYPES.GIFT_CARD,
      PRODUCT_TYPES.PAYWALL,
      99,
    ]) {
      expect(restockEligibility(type, { unlimited: false, qtyInStock: 0 })).toBe('not-stocked');
    }
  });
});

describe('isBackInStock', () => {
  it('is true when stock rises above 0 or the variant is unlimited', () => {
    expect(isBackInStock({ unlimited: false, qtyInStock: 0 })).toBe(false);
    expect(isBackInStock({ unlimited: false, qtyInStock: 1 })).toBe(true);
    expect(isBackInStock({ unlimited: true, qtyInStock: 0 })).toBe(true);
  });
});
