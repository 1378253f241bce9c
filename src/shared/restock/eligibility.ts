/**
 * Which variants take restock sign-ups: physical goods and services whose variant has no stock
 * (docs/behaviour/restock.md#the-restock-form: not unlimited and quantity 0 or less). A variant in stock or unlimited
 * has nothing to wait for; digital goods and gift cards never run out; paywall and unknown
 * types are not sold through the store.
 */
import { usesVariants } from '../catalog/product-state.ts';
import { isSoldOutVariant, type StockLevel } from '../catalog/stock-state.ts';

export type RestockEligibility = 'sold-out' | 'in-stock' | 'not-stocked';

export function restockEligibility(productType: number, variant: StockLevel): RestockEligibility {
  if (!usesVariants(productType)) return 'not-stocked';
  return isSoldOutVariant(variant) ? 'sold-out' : 'in-stock';
}

/** Pending sign-ups may be sent once the variant is back: unlimited or stock above 0. */
export function isBackInStock(variant: StockLevel): boolean {
  return !isSoldOutVariant(variant);
}
