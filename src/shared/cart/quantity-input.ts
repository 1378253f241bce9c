/**
 * Whether the product form offers a quantity input (docs/behaviour/cart.md#quantity-input): for
 * physical goods, and for services when the site allows more than one; never for a subscribable
 * product; and not when the product's total stock is 1 or less (there is nothing to choose).
 * The input itself takes min 1, max 9999, step 1, default 1 (quantity.ts).
 */
import { PRODUCT_TYPES } from '../catalog/product-types.ts';
import { QUANTITY_DEFAULT, QUANTITY_MAX, QUANTITY_MIN } from './quantity.ts';

export const QUANTITY_STEP = 1;

export const QUANTITY_INPUT = {
  min: QUANTITY_MIN,
  max: QUANTITY_MAX,
  step: QUANTITY_STEP,
  defaultValue: QUANTITY_DEFAULT,
} as const;

export interface QuantityProduct {
  readonly productType: number;
  readonly isSubscribable: boolean;
  readonly variants: readonly { readonly unlimited: boolean; readonly qtyInStock: number }[];
}

/** All variants' stock together; an unlimited variant makes it infinite. */
export function totalStock(variants: QuantityProduct['variants']): number {
  let total = 0;
  for (const variant of variants) {
    if (variant.unlimited) return Number.POSITIVE_INFINITY;
    total += Math.max(0, variant.qtyInStock);
  }
  return total;
}

export function showsQuantityInput(
  product: QuantityProduct,
  multipleQuantityAllowedForServices: boolean,
): boolean {
  if (product.isSubscribable) return false;
  const byType =
    product.productType === PRODUCT_TYPES.PHYSICAL ||
    (product.productType === PRODUCT_TYPES.SERVICE && multipleQuantityAllowedForServices);
  return byType && totalStock(product.variants) > 1;
}
