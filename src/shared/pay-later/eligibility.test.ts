import { describe, expect, it } from 'vitest';
import { PRODUCT_TYPES } from '../catalog/product-types.ts';
import { productAsCart, teaserShown } from './eligibility.ts';

const { PHYSICAL, DIGITAL, SERVICE, GIFT_CARD } = PRODUCT_TYPES;

describe('teaserShown (docs/behaviour/pay-later.md#when-the-teaser-shows)', () => {
  it('shows for a non-empty cart of physical items when pay-later is available', () => {
    expect(teaserShown(true, { totalQuantity: 3, productTypes: [PHYSICAL, PHYSICAL] })).toBe(true);
  });

  it('hides behind the feature gate and item context', () => {
    expect(teaserShown(false, { totalQuantity: 1, productTypes: [PHYSICAL] })).toBe(false);
  });

  it('hides for an empty cart', () => {
    expect(teaserShown(true, { totalQuantity: 0, productTypes: [] })).toBe(false);
    expect(teaserShown(true, { totalQuantity: 0, productTypes: [PHYSICAL] })).toBe(false);
  });

  it('hides when any item is not physical', () => {
    for (const other of [DIGITAL, SERVICE, GIFT_CARD, 99]) {
      expect(teaserShown(true, { totalQuantity: 2, productTypes: [PHYSICAL, other] })).toBe(false);
    }
  });

  it('counts the product itself as the cart on the product page', () => {
    expect(teaserShown(true, productAsCart(PHYSICAL))).toBe(true);
    expect(teaserShown(true, productAsCart(DIGITAL))).toBe(false);
  });
});
