/**
 * The one cart store every widget reads. It is seeded from server-rendered props, refreshed from
 * the API only when a readable marker cookie says a cart (or a signed-in site user) exists, updated
 * from every cart API response, and kept in step across tabs through a BroadcastChannel.
 * It never throws: a failed refresh leaves the last known state.
 */

export interface CartSummary {
  readonly totalQuantity: number;
  readonly subtotalCents: number;
}

type Listener = () => void;

/** Readable marker cookies set by the server; they hold no secret. */
export const CART_MARKER_COOKIE = 'vitrine-cart';
export const USER_MARKER_COOKIE = 'vitrine-user';
const CHANNEL_NAME = 'vitrine-cart';
export const CART_API_PATH = '/api/commerce/shopping-cart';

let state: CartSummary | null = null;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null = null;

function emit(): void {
  for (const listener of listeners) listener();
}

function openChannel(): BroadcastChannel | null {
  if (channel || typeof BroadcastChannel === 'undefined') return channel;
  channel = new BroadcastChannel(CHANNEL_NAME);
  channel.onmessage = (event: MessageEvent<unknown>) => {
    const summary = toSummary(event.data);
    if (summary) {
      state = summary;
      emit();
    }
  };
  return channel;
}

/** Reads the two totals widgets need from any cart-shaped value; anything else is ignored. */
export function toSummary(value: unknown): CartSummary | null {
  if (typeof value !== 'object' || value === null) return null;
  const { totalQuantity, subtotalCents } = value as Record<string, unknown>;
  if (typeof totalQuantity !== 'number' || typeof subtotalCents !== 'number') return null;
  return { totalQuantity, subtotalCents };
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
  return () => listeners.delete(listener);
}

/** Takes a cart from an API response (or a page's props) and tells the other tabs. */
function update(cart: unknown): void {
  const summary = toSummary(cart);
  if (!summary) return;
  state = summary;
  emit();
  try {
    openChannel()?.postMessage(summary);
  } catch {
    // A closed channel only means other tabs miss this update until their next refresh.
  }
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

/** Test seam: forget everything. */
function reset(): void {
  state = null;
  listeners.clear();
  channel?.close();
  channel = null;
}

export const cartStore = { getSnapshot, subscribe, update, refresh, reset } as const;
