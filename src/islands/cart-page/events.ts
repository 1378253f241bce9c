/**
 * The cart page's page events: 'vitrine:cart-removed' `{ itemId, quantity }` after an entry
 * leaves the cart, which the analytics' commerce events record as 'remove from cart'.
 */
export const CART_REMOVED_EVENT = 'vitrine:cart-removed';

export interface CartRemovedDetail {
  readonly itemId: string;
  readonly quantity: number;
}

export function announceCartRemoved(detail: CartRemovedDetail): void {
  document.dispatchEvent(new CustomEvent(CART_REMOVED_EVENT, { detail }));
}
