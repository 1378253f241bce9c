/**
 * The product form's calls (docs/behaviour/cart.md#cart-calls): add an entry (express with ?isExpress=true),
 * start a subscription cart, and read the product's current stock. Writes carry the session's
 * crumb in X-CSRF-Token. Adds run one at a time, in the order the shopper made them, so quick
 * repeated clicks never race each other (none is lost). Nothing here throws (clients/json-call.ts).
 */
import { callJson, type JsonAnswer } from '../../clients/json-call.ts';
import { sessionToken } from '../../clients/session-token.ts';
import { missingSessionMessage } from '../../shared/cart/add-failure.ts';

export const ENTRIES_PATH = '/api/commerce/shopping-cart/entries';
export const SUBSCRIPTION_PATH = '/api/3/commerce/cart/subscription';
export const STOCK_PATH = '/api/commerce/inventory/stock/';

/**
 * A logged-in site user's xsrfToken, else the readable `crumb` cookie (fresh even on a cached
 * page), else the one the page carried.
 */
export function csrfToken(fallback: string): string {
  return sessionToken() ?? fallback;
}

/** A JSON POST with the CSRF header; with no token at all the session cannot be proved. */
async function post(path: string, payload: unknown, crumb: string): Promise<JsonAnswer> {
  const token = csrfToken(crumb);
  if (token === '')
    return {
      ok: false,
      status: 403,
      body: { error: { message: missingSessionMessage(navigator.cookieEnabled) } },
    };
  return callJson(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': token },
    body: JSON.stringify(payload),
  });
}

let queue: Promise<unknown> = Promise.resolve();

/** Runs `task` after every add queued before it. */
function serialised<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

export interface EntryRequest {
  readonly itemId: string;
  readonly sku: string;
  readonly quantity: number;
  /** The extra-field answers as JSON text, or null. */
  readonly additionalFields: string | null;
}

export function addEntry(
  entry: EntryRequest,
  express: boolean,
  crumb: string,
): Promise<JsonAnswer> {
  const path = express ? `${ENTRIES_PATH}?isExpress=true` : ENTRIES_PATH;
  return serialised(() => post(path, entry, crumb));
}

export function startSubscription(entry: EntryRequest, crumb: string): Promise<JsonAnswer> {
  const { quantity, ...rest } = entry;
  return serialised(() => post(SUBSCRIPTION_PATH, { ...rest, qty: quantity }, crumb));
}

export interface StockResult {
  readonly variantId?: string;
  readonly sku?: string;
  readonly unlimited: boolean;
  readonly qtyInStock: number;
}

/** The product's current stock per variant; undefined when it could not be read. */
export async function fetchStock(itemId: string): Promise<StockResult[] | undefined> {
  const answer = await callJson(`${STOCK_PATH}?${new URLSearchParams({ itemId }).toString()}`, {});
  if (!answer.ok || typeof answer.body !== 'object' || answer.body === null) return undefined;
  const { results } = answer.body as { results?: unknown };
  if (!Array.isArray(results)) return undefined;
  return results.filter(
    (result): result is StockResult =>
      typeof result === 'object' &&
      result !== null &&
      typeof (result as StockResult).unlimited === 'boolean' &&
      typeof (result as StockResult).qtyInStock === 'number',
  );
}

/** Field of an answer body, when it is a string (cartToken, checkoutUrl). */
export function textField(body: unknown, name: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}
