/**
 * Starts the visitor analytics of a page (index.ts is the bundle's entry). It records nothing
 * unless the page's gates allow it (gating.ts); under cookie restriction it clears the tracking
 * cookies and uses page-only ids, and it follows the cookie banner's answer at once. The
 * commerce events load as a chunk of their own on commerce pages or at the first cart event.
 */
import { on } from './browser-state.ts';
import { recordHit } from './census.ts';
import type { CartAddedDetail, CommerceEvents } from './commerce.ts';
import { CONSENT_EVENT, readConsent } from './consent.ts';
import { analyticsAllowed, cookiesRestricted, pageViewRecorded } from './gating.ts';
import { clearTrackingCookies, establishIdentity, pageOnlyIdentity } from './identity.ts';
import { trackPageEvents } from './page-events.ts';
import type { PageValues } from './page-values.ts';

/** document CustomEvents the islands dispatch (detail as named in commerce.ts). */
export const CART_ADDED_EVENT = 'vitrine:cart-added';
export const CART_REMOVED_EVENT = 'vitrine:cart-removed';
export const PRODUCT_VIEW_EVENT = 'vitrine:product-view';
/** Product page, show cart, order confirmed, commerce cart v2 (platform.md §2). */
export const COMMERCE_PAGES: readonly number[] = [50, 200, 202, 205];

export function startAnalytics(values: PageValues): void {
  const path = location.pathname;
  if (!analyticsAllowed(values, path)) return;
  const restricted = cookiesRestricted(values, readConsent());
  if (restricted) clearTrackingCookies();
  const identity = restricted ? pageOnlyIdentity() : establishIdentity();
  if (pageViewRecorded(values, path)) void recordHit(values, identity.visitorId);
  trackPageEvents(values, identity.visitorId);

  let commerce: Promise<CommerceEvents> | undefined;
  const withCommerce = (use: (events: CommerceEvents) => void) => {
    commerce ??= import('./commerce.ts').then((module) => module.commerceEvents(values, identity));
    commerce.then(use).catch(() => undefined);
  };
  if (COMMERCE_PAGES.includes(values.pageType)) withCommerce((events) => events.trackPage());
  on<CartAddedDetail>(CART_ADDED_EVENT, (detail) =>
    withCommerce((events) => events.cartAdded(detail)),
  );
  on<{ itemId: string }>(CART_REMOVED_EVENT, (detail) =>
    withCommerce((events) => events.cartRemoved(detail)),
  );
  on<{ itemId: string }>(PRODUCT_VIEW_EVENT, (detail) =>
    withCommerce((events) => events.productViewed(detail)),
  );

  window.addEventListener(CONSENT_EVENT, (event) => {
    const consent = (event as CustomEvent<{ consent?: string } | null>).detail?.consent;
    if (cookiesRestricted(values, consent === 'accepted' ? 'accepted' : 'declined'))
      clearTrackingCookies();
    else establishIdentity();
  });
}
