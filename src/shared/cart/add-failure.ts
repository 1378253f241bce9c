/**
 * How the product form words a failed purchase (docs/behaviour/cart.md#failure-alerts): an alert
 * titled 'Unable to Add Item' (express: 'Unable to Purchase Item'; gift card: 'Unable to
 * purchase Gift Card') carrying the server's message; HTTP 429 as 'Please try again in a few
 * seconds.'; a missing session token as the session-expired message when cookies are on, else
 * the enable-cookies message. A subscription failure shows the server's message.
 */
import { BROWSER_MESSAGES } from '../browser-messages.ts';

export type PurchaseKind = 'cart' | 'express' | 'gift-card' | 'subscription';

const TITLES: Record<PurchaseKind, string> = {
  cart: 'Unable to Add Item',
  express: 'Unable to Purchase Item',
  'gift-card': 'Unable to purchase Gift Card',
  subscription: 'Unable to Purchase Item',
};

export function failureTitle(kind: PurchaseKind): string {
  return TITLES[kind];
}

/** The message of a session the browser cannot prove: no token to send. */
export function missingSessionMessage(cookiesEnabled: boolean): string {
  return cookiesEnabled ? BROWSER_MESSAGES.SESSION_EXPIRED : BROWSER_MESSAGES.COOKIES_DISABLED;
}

/** The message of an error body `{ error: { message } }` (or the restock shape `data.message`). */
function serverMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { error, data } = body as { error?: unknown; data?: unknown };
  for (const holder of [error, data]) {
    if (typeof holder === 'object' && holder !== null) {
      const { message } = holder as { message?: unknown };
      if (typeof message === 'string' && message.trim() !== '') return message;
    }
  }
  return undefined;
}

/** What to tell the shopper about a failed response (status 0: the request never got an answer). */
export function failureMessage(status: number, body: unknown): string {
  if (status === 429) return BROWSER_MESSAGES.RATE_LIMITED;
  return serverMessage(body) ?? BROWSER_MESSAGES.INTERNAL;
}
