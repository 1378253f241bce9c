/**
 * The error catalog's messages that browser code words itself (docs/behaviour/cart.md#failure-alerts):
 * a refused quantity, a purchase without a variant or a denomination, a failed or throttled
 * request, a session the browser cannot prove. The catalog (errors.ts) holds every message the
 * server sends and is 2.9 KB gzipped; an island that imported it for these few carried all of it
 * into the product and cart pages' scripts. Same words, held to the catalog by
 * browser-messages.test.ts.
 */
import type { ErrorCode } from './errors.ts';

export const BROWSER_MESSAGES = {
  INTERNAL: 'Something went wrong',
  RATE_LIMITED: 'Please try again in a few seconds.',
  SESSION_EXPIRED: 'Your session has expired. Please reload the page and try again.',
  COOKIES_DISABLED: 'Please enable cookies in your browser, reload the page, and try again.',
  QUANTITY_NOT_A_NUMBER: 'Quantity must be a number.',
  QUANTITY_NOT_WHOLE: 'Quantity must be a whole number',
  QUANTITY_OUT_OF_RANGE: 'Quantity must be between 1 and 9999.',
  ITEM_VARIANT_UNAVAILABLE:
    'Sorry, that item variant is unavailable. Please select another variant.',
  INSUFFICIENT_STOCK: 'Sorry, we do not have enough of that item available.',
  GIFT_CARD_DENOMINATION_REQUIRED: 'Select a denomination for the Gift Card',
} as const satisfies Partial<Record<ErrorCode, string>>;
