/**
 * The product form's page events, for the islands and clients that follow it:
 * - 'vitrine:variant-change' `{ itemId, variantId, soldOut }` whenever the selection changes and
 *   once after hydration (the restock form shows itself for a sold-out variant);
 * - 'vitrine:product-total' `{ itemId, totalCents }` with the chosen variant's price times the
 *   quantity, `totalCents` null while no variant is chosen (the pay-later teaser follows it);
 * - 'vitrine:cart-added' `{ itemId, variantId, sku, quantity, isExpress, cart }` after an add
 *   (the cart store and the analytics client read it).
 */
import { CART_ADDED_EVENT } from '../../clients/cart-store.ts';
import {
  PRODUCT_TOTAL_EVENT,
  rememberProductTotal,
  type ProductTotalDetail,
} from '../../shared/catalog/product-total-event.ts';
import {
  rememberVariantChange,
  VARIANT_CHANGE_EVENT,
  type VariantChangeDetail,
} from '../../shared/restock/variant-change.ts';

export { CART_ADDED_EVENT, VARIANT_CHANGE_EVENT, type VariantChangeDetail };

// Remembered: the teaser and the restock form may hydrate after the form has spoken.
export function announceProductTotal(detail: ProductTotalDetail): void {
  rememberProductTotal(detail);
  document.dispatchEvent(new CustomEvent(PRODUCT_TOTAL_EVENT, { detail }));
}

export interface CartAddedDetail {
  readonly itemId: string;
  readonly variantId: string;
  readonly sku: string;
  readonly quantity: number;
  readonly isExpress: boolean;
  readonly cart: unknown;
}

export function announceVariant(detail: VariantChangeDetail): void {
  rememberVariantChange(detail);
  document.dispatchEvent(new CustomEvent(VARIANT_CHANGE_EVENT, { detail }));
}

export function announceCartAdded(detail: CartAddedDetail): void {
  document.dispatchEvent(new CustomEvent(CART_ADDED_EVENT, { detail }));
}
