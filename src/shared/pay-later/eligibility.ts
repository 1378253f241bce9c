/**
 * When the teaser shows (docs/behaviour/pay-later.md#when-the-teaser-shows): the site's feature gate and
 * the item's context say pay-later is available, the cart is non-empty, and every item in it is
 * physical. On the product page the product itself counts as the cart.
 */
import { PRODUCT_TYPES } from '../catalog/product-types.ts';

export interface TeaserCart {
  readonly totalQuantity: number;
  /** The product type of every distinct item. */
  readonly productTypes: readonly number[];
}

export function teaserShown(afterPayAvailable: boolean, cart: TeaserCart): boolean {
  return (
    afterPayAvailable &&
    cart.totalQuantity > 0 &&
    cart.productTypes.length > 0 &&
    cart.productTypes.every((type) => type === PRODUCT_TYPES.PHYSICAL)
  );
}

/** The product page's cart: one of this product. */
export function productAsCart(productType: number): TeaserCart {
  return { totalQuantity: 1, productTypes: [productType] };
}
