/**
 * The cart page's calls (docs/behaviour/cart.md#cart-calls and Vitrine's cart endpoints): read the cart, change
 * an entry's quantity, remove it, and save its extra-field answers; and the page's own lines as
 * a fresh render has them. Each carries the session's token (a logged-in site user's xsrfToken,
 * else the crumb) in X-CSRF-Token. Nothing here throws: a network failure is an answer with status 0, and every
 * failure comes with the words to show the shopper.
 */
import { failureMessage, missingSessionMessage } from '../../shared/cart/add-failure.ts';
import { CART_PAGE_PATH } from '../../shared/cart/cart-page-path.ts';
import type { ShoppingCartAnswer } from '../../shared/cart/shopping-cart-answer.ts';
import { CART_API_PATH } from '../../clients/cart-store.ts';
import { sessionToken } from '../../clients/session-token.ts';
import { ISLAND_TAG } from '../../shared/html/islands.ts';
import type { CartLine } from './props.ts';

export const QUANTITY_PATH = (entryId: string) =>
  `/api/vitrine/cart/entries/${encodeURIComponent(entryId)}/quantity`;
export const ENTRY_PATH = (entryId: string) =>
  `/api/vitrine/cart/entries/${encodeURIComponent(entryId)}`;
export const ADDITIONAL_FIELDS_PATH = (entryId: string) =>
  `/api/commerce/shopping-cart/entries/${encodeURIComponent(entryId)}/additionalFields`;

export type CartAnswer =
  | { readonly ok: true; readonly body: unknown }
  | {
      readonly ok: false;
      readonly message: string;
      /** Field errors keyed by field id, when the server refused form answers. */
      readonly fields: Readonly<Record<string, string>>;
    };

function fieldErrors(body: unknown): Record<string, string> {
  const fields = (body as { error?: { fields?: unknown } } | null)?.error?.fields;
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(
    Object.entries(fields).filter((pair): pair is [string, string] => typeof pair[1] === 'string'),
  );
}

/**
 * The schemas that read the server's answers come with the first call, not with the page
 * (docs/adr/019-island-props-checked-where-they-are-built.md): each call starts fetching them
 * beside its request, so they are here by the time its answer is.
 */
const answerSchemas = () => import('../../shared/cart/shopping-cart-answer.ts');
const propsSchemas = () => import('./props.ts');

/** The cart of an API answer (the cart itself or one carrying it), or null when it is not one. */
export async function cartOf(body: unknown): Promise<ShoppingCartAnswer | null> {
  try {
    return (await answerSchemas()).readShoppingCart(body);
  } catch {
    // Their code could not be fetched (offline): the answer cannot be read.
    return null;
  }
}

async function send(
  method: 'PUT' | 'DELETE',
  path: string,
  payload?: unknown,
): Promise<CartAnswer> {
  const token = sessionToken();
  if (token === undefined || token === '')
    return { ok: false, message: missingSessionMessage(navigator.cookieEnabled), fields: {} };
  let status = 0;
  let body: unknown = null;
  void answerSchemas().catch(() => undefined);
  try {
    const response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        'x-csrf-token': token,
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
    });
    status = response.status;
    try {
      body = await response.json();
    } catch {
      // A body that is not JSON (a proxy's error page): the status says enough.
    }
    if (response.ok) return { ok: true, body };
  } catch {
    // Offline: status 0, told as the generic failure.
  }
  return { ok: false, message: failureMessage(status, body), fields: fieldErrors(body) };
}

export function changeQuantity(entryId: string, quantity: number): Promise<CartAnswer> {
  return send('PUT', QUANTITY_PATH(entryId), { quantity });
}

export function removeEntry(entryId: string): Promise<CartAnswer> {
  return send('DELETE', ENTRY_PATH(entryId));
}

export function saveAnswers(
  entryId: string,
  payload: { itemId: string; sku: string | null; additionalFields: string },
): Promise<CartAnswer> {
  return send('PUT', ADDITIONAL_FIELDS_PATH(entryId), payload);
}

/** The visitor's cart as the server has it now, or null when it could not be read. */
export async function readCart(): Promise<ShoppingCartAnswer | null> {
  try {
    const response = await fetch(CART_API_PATH, {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    return response.ok ? await cartOf(await response.json()) : null;
  } catch {
    return null;
  }
}

/**
 * The cart page's lines as the server renders them now (image, link, options, form), read from
 * the props of a fresh render of the page; null when it could not be read.
 */
export async function readCartPageLines(): Promise<CartLine[] | null> {
  try {
    const response = await fetch(CART_PAGE_PATH, {
      credentials: 'same-origin',
      headers: { accept: 'text/html' },
    });
    if (!response.ok) return null;
    const page = new DOMParser().parseFromString(await response.text(), 'text/html');
    const island = page.querySelector<HTMLElement>(`${ISLAND_TAG}[data-island="CartPage"]`);
    const { cartPageProps } = await propsSchemas();
    const props = cartPageProps.safeParse(JSON.parse(island?.dataset.props ?? 'null'));
    return props.success ? props.data.entries : null;
  } catch {
    return null;
  }
}
