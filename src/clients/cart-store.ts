/**
 * The one cart store every widget reads (template-cart counts, the cart pill, the pay-later
 * teaser, the product form). It is seeded from server-rendered props, fetched from the API on
 * page load only when a readable marker cookie says a cart (or a logged-in site user) exists,
 * updated from every cart API response, and kept in step across tabs through a BroadcastChannel.
 * It never throws: a failed fetch leaves the last known state.
 *
 * API (stable; other islands rely on it):
 * - `cartStore.update(value)`: hand it any cart API answer, either the cart itself
 *   (GET /api/commerce/shopping-cart) or an object carrying it as `shoppingCart` (POST/PUT entry
 *   answers). Other values are ignored. Every other tab sees the change.
 * - `cartStore.getSnapshot()` / `cartStore.subscribe(listener)`: for useSyncExternalStore.
 * - `cartStore.load()`: the page-load fetch, made at most once per page however many widgets ask.
 * - `cartStore.clear()`: the visitor has no cart any more (after logout).
 * - A `vitrine:cart-added` event on document with `detail: { cart }` is applied like `update`,
 *   except an express purchase's (`isExpress: true`), whose cart is its own and not the shopper's.
 */

export interface CartSummary {
  readonly totalQuantity: number;
  readonly subtotalCents: number;
  /** The product type of every distinct item in the cart (docs/behaviour/cart.md#the-shopping-cart). */
  readonly productTypes?: readonly number[];
}

type Listener = () => void;

/** Readable marker cookies set by the server; they hold no secret. */
export const CART_MARKER_COOKIE = 'vitrine-cart';
export const USER_MARKER_COOKIE = 'vitrine-user';
export const CART_CHANNEL_NAME = 'vitrine-cart';
export const CART_API_PATH = '/api/commerce/shopping-cart';
/** Dispatched on document by the product form after a successful add, with `detail: { cart }`. */
export const CART_ADDED_EVENT = 'vitrine:cart-added';

const EMPTY: CartSummary = { totalQuantity: 0, subtotalCents: 0, productTypes: [] };

let state: CartSummary | null = null;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null = null;
let loading: Promise<void> | null = null;
let listeningForAdds = false;

function emit(): void {
  for (const listener of listeners) listener();
}

function readProductTypes(items: unknown): number[] | undefined {
  if (!Array.isArray(items)) return undefined;
  const types: number[] = [];
  for (const item of items) {
    const type = (item as { productType?: unknown } | null)?.productType;
    if (typeof type === 'number') types.push(type);
  }
  return types;
}

/** Reads what widgets need from any cart-shaped value (or an answer carrying `shoppingCart`). */
export function toSummary(value: unknown): CartSummary | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  if ('shoppingCart' in record) return toSummary(record.shoppingCart);
  const { totalQuantity, subtotalCents } = record;
  if (typeof totalQuantity !== 'number' || typeof subtotalCents !== 'number') return null;
  const productTypes = readProductTypes(record.items ?? record.productTypes);
  return productTypes === undefined
    ? { totalQuantity, subtotalCents }
    : { totalQuantity, subtotalCents, productTypes };
}

function sameSummary(a: CartSummary | null, b: CartSummary): boolean {
  return (
    a !== null &&
    a.totalQuantity === b.totalQuantity &&
    a.subtotalCents === b.subtotalCents &&
    (a.productTypes ?? []).join() === (b.productTypes ?? []).join()
  );
}

/** Applies a summary; false when nothing changed (so an echo is not sent round again). */
function apply(summary: CartSummary): boolean {
  if (sameSummary(state, summary)) return false;
  state = summary;
  emit();
  return true;
}

function openChannel(): BroadcastChannel | null {
  if (channel || typeof BroadcastChannel === 'undefined') return channel;
  channel = new BroadcastChannel(CART_CHANNEL_NAME);
  channel.onmessage = (event: MessageEvent<unknown>) => {
    const summary = toSummary(event.data);
    if (summary) apply(summary);
  };
  return channel;
}

function onCartAdded(event: Event): void {
  const detail = (event as CustomEvent<{ cart?: unknown; isExpress?: unknown } | null>).detail;
  // An express purchase buys through a cart of its own: the shopper's cart is unchanged.
  if (detail?.isExpress === true) return;
  update(detail?.cart);
}

function listenForAdds(): void {
  if (listeningForAdds || typeof document === 'undefined') return;
  listeningForAdds = true;
  document.addEventListener(CART_ADDED_EVENT, onCartAdded);
}

function hasCookie(name: string): boolean {
  if (typeof document === 'undefined') return false;
  // An emptied cookie (a cleared marker some browsers keep for a moment) is no marker.
  return document.cookie
    .split(';')
    .some((part) => part.trim().startsWith(`${name}=`) && part.trim().length > name.length + 1);
}

function getSnapshot(): CartSummary | null {
  return state;
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  openChannel();
  listenForAdds();
  return () => listeners.delete(listener);
}

/** Takes a cart from an API response (or a page's props) and tells the other tabs. */
function update(value: unknown): void {
  const summary = toSummary(value);
  if (!summary || !apply(summary)) return;
  try {
    openChannel()?.postMessage(summary);
  } catch {
    // A closed channel only means other tabs miss this update until their next page load.
  }
}

/** The visitor no longer has a cart (logged out): every widget and tab shows it empty. */
function clear(): void {
  update(EMPTY);
}

/** Fetches the cart when the marker cookies say there is one to fetch. */
async function refresh(fetchImpl: typeof fetch = fetch): Promise<void> {
  if (!hasCookie(CART_MARKER_COOKIE) && !hasCookie(USER_MARKER_COOKIE)) return;
  try {
    const response = await fetchImpl(CART_API_PATH, {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return;
    update(await response.json());
  } catch {
    // Offline or a server error: keep what the page rendered.
  }
}

/** The page-load fetch: once per page, shared by every widget that asks. */
function load(fetchImpl: typeof fetch = fetch): Promise<void> {
  loading ??= refresh(fetchImpl);
  return loading;
}

/** Test seam: forget everything. */
function reset(): void {
  state = null;
  loading = null;
  listeners.clear();
  channel?.close();
  channel = null;
  if (listeningForAdds) document.removeEventListener(CART_ADDED_EVENT, onCartAdded);
  listeningForAdds = false;
}

export const cartStore = {
  getSnapshot,
  subscribe,
  update,
  refresh,
  load,
  clear,
  reset,
} as const;
