/**
 * The orders whose purchase events this browser already sent (docs/behaviour/analytics.md#storefront-tracking-events: once per order,
 * even on reload). A reload or a back-navigation to the confirmation runs the page's scripts
 * again; the order ids kept in local storage make the second run send nothing.
 *
 * There is no server-side guard as well, on purpose: the events are anonymous telemetry that the
 * server cannot tie to a real order, so refusing a second 'purchase' for an order id there
 * would only let anyone suppress a real order's event by sending its id first; and remembering
 * on the server which confirmation page was shown would be a write on a GET that loses the event
 * whenever the first view's scripts did not run (JavaScript off, analytics not yet allowed). The
 * case left open — the same confirmation link opened in a second browser — is rare, and the
 * owner's funnel counts a visitor's purchases once per day anyway.
 */

export const TRACKED_ORDERS_KEY = 'vitrine-tracked-orders';
/** The newest ids kept: enough for any shopper's recent orders, small enough to parse at once. */
export const MAX_TRACKED_ORDERS = 50;

function trackedIn(store: Storage): string[] {
  try {
    const parsed: unknown = JSON.parse(store.getItem(TRACKED_ORDERS_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * True the first time an order is claimed in this browser, false after. Without a usable storage
 * (refused, full, or throwing) the order counts as new: a purchase the shop cannot remember is
 * still sent rather than lost.
 */
export function claimOrder(orderId: string, store: Storage | undefined): boolean {
  if (!store) return true;
  try {
    const tracked = trackedIn(store);
    if (tracked.includes(orderId)) return false;
    const kept = [...tracked, orderId].slice(-MAX_TRACKED_ORDERS);
    store.setItem(TRACKED_ORDERS_KEY, JSON.stringify(kept));
  } catch {
    // A full or refused storage cannot remember the order; the event is still sent once here.
  }
  return true;
}
