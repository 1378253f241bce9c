/**
 * Entry of the commerce events bundle, linked by page-scripts.ts after the analytics on commerce
 * and search pages only (product, cart, order confirmation, search): the page's own events, then
 * the islands' cart
 * and product events. It records nothing when the analytics did not start on this page.
 */
import { on } from './browser-state.ts';
import { commerceEvents, type CartAddedDetail } from './commerce.ts';
import { analyticsState } from './state.ts';

/** document CustomEvents the islands dispatch. */
export const CART_ADDED_EVENT = 'vitrine:cart-added';
export const CART_REMOVED_EVENT = 'vitrine:cart-removed';
export const PRODUCT_VIEW_EVENT = 'vitrine:product-view';

export function startCommerceEvents(): void {
  const state = analyticsState();
  if (!state) return;
  const events = commerceEvents(state.values, state.identity);
  events.trackPage();
  on<CartAddedDetail>(CART_ADDED_EVENT, (detail) => events.cartAdded(detail));
  on<{ itemId: string }>(CART_REMOVED_EVENT, (detail) => events.cartRemoved(detail));
  on<{ itemId: string }>(PRODUCT_VIEW_EVENT, (detail) => events.productViewed(detail));
}

try {
  startCommerceEvents();
} catch {
  // Analytics never breaks the page.
}
