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
  type ProductTotalDetail,
} from '../../shared/catalog/product-total-event.ts';

export { CART_ADDED_EVENT };
export const VARIANT_CHANGE_EVENT = 'vitrine:variant-change';

export interface VariantChangeDetail {
  readonly itemId: string;
  readonly variantId: string | null;
  readonly soldOut: boolean;
}

export function announceProductTotal(detail: ProductTotalDetail): void {
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
  document.dispatchEvent(new CustomEvent(VARIANT_CHANGE_EVENT, { detail }));
}

export function announceCartAdded(detail: CartAddedDetail): void {
  document.dispatchEvent(new CustomEvent(CART_ADDED_EVENT, { detail }));
}
