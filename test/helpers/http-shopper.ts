/**
 * A shopper talking HTTP to a real server (or a proxy in front of several): a cookie jar seeded
 * by a first GET (session + crumb), the crumb sent as X-CSRF-Token, an X-Forwarded-For address
 * of its own (the servers trust it from 127.0.0.1 through TRUSTED_PROXIES, so each shopper is
 * its own client for the rate limits), and the add-to-cart and checkout requests of a purchase.
 */
import { ITEMS } from './checkout-fixtures.ts';

export interface HttpAnswer {
  readonly status: number;
  readonly body: unknown;
  readonly headers: Headers;
}

export interface HttpShopper {
  /** Where requests go; a test may point it at a restarted server. */
  origin: string;
  readonly cookies: Map<string, string>;
  readonly forwardedFor: string;
  request(
    method: string,
    path: string,
    options?: { body?: unknown; headers?: Record<string, string> },
  ): Promise<HttpAnswer>;
}

/** A New York address: the checkout fixtures' settings ship and tax there. */
export const NY_ADDRESS = {
  name: 'Ada',
  line1: '1 Water St',
  city: 'Brooklyn',
  region: 'NY',
  postalCode: '11201',
  country: 'US',
} as const;

/** The checkout fixtures' scarce physical product, as the add-to-cart request names it. */
export const SCARCE = { itemId: ITEMS.scarce.productId, sku: 'CO-SCARCE' } as const;

/** The body of POST /api/commerce/orders paying with the test provider. */
export function orderBody(email: string): object {
  return { email, shippingAddress: NY_ADDRESS, payment: { provider: 'test', token: 'success' } };
}

function keepCookies(jar: Map<string, string>, headers: Headers): void {
  for (const line of headers.getSetCookie()) {
    const [pair = '', ...attributes] = line.split(';');
    const at = pair.indexOf('=');
    if (at < 0) continue;
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    const expired =
      value === '' ||
      attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) ||
      attributes.some((attribute) => {
        const match = /^\s*expires=(.*)$/i.exec(attribute);
        return match !== null && Date.parse(match[1] ?? '') < Date.now();
      });
    if (expired) jar.delete(name);
    else jar.set(name, value);
  }
}

export async function newHttpShopper(origin: string, forwardedFor: string): Promise<HttpShopper> {
  const cookies = new Map<string, string>();
  const shopper: HttpShopper = {
    origin,
    cookies,
    forwardedFor,
    async request(method, path, options = {}) {
      const crumb = cookies.get('crumb');
      const headers: Record<string, string> = {
        'x-forwarded-for': forwardedFor,
        ...(crumb === undefined ? {} : { 'x-csrf-token': crumb }),
        ...(cookies.size === 0
          ? {}
          : { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') }),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      };
      const response = await fetch(`${shopper.origin}${path}`, {
        method,
        headers,
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      });
      keepCookies(cookies, response.headers);
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text) as unknown;
      } catch {
        // Not JSON (a page): keep the text.
      }
      return { status: response.status, body, headers: response.headers };
    },
  };
  const first = await shopper.request('GET', '/api/commerce/shopping-cart');
  if (!cookies.has('crumb')) throw new Error(`GET /api/commerce/shopping-cart set no crumb cookie`);
  if (first.status !== 200) throw new Error(`GET /api/commerce/shopping-cart: ${first.status}`);
  return shopper;
}

/** POST /api/commerce/shopping-cart/entries: one unit of the item. */
export function addToCart(
  shopper: HttpShopper,
  item: { itemId: string; sku: string } = SCARCE,
): Promise<HttpAnswer> {
  return shopper.request('POST', '/api/commerce/shopping-cart/entries', {
    body: { itemId: item.itemId, sku: item.sku, quantity: 1 },
  });
}

/** POST /api/commerce/orders for the shopper's cart under an idempotency key. */
export function checkout(shopper: HttpShopper, idempotencyKey: string): Promise<HttpAnswer> {
  return shopper.request('POST', '/api/commerce/orders', {
    headers: { 'idempotency-key': idempotencyKey },
    body: orderBody(`${idempotencyKey}@example.com`),
  });
}

/** The order id of a 200/201 checkout answer. */
export function orderIdOf(answer: HttpAnswer): string {
  const { order } = answer.body as { order?: { id?: unknown } };
  if (typeof order?.id !== 'string') throw new Error(`no order in ${JSON.stringify(answer.body)}`);
  return order.id;
}

/** A checkout whose answer never came (the server died): to be retried under the same key. */
export interface CutOffCheckout {
  readonly shopper: HttpShopper;
  readonly key: string;
}

/** The server is gone: fetch failed (connection refused or reset), or a proxy answered 502. */
function serverGone(error: unknown, answer?: HttpAnswer): boolean {
  return error instanceof TypeError || answer?.status === 502;
}

/**
 * Buys one unit after another (add to cart, checkout under key `<keyPrefix>-<n>`) until the
 * server goes away. Each 201 goes to `acknowledged`; a checkout cut off by the server's death
 * goes to `cutOff`. Any other answer fails the test.
 */
export async function buyUntilServerGone(
  shopper: HttpShopper,
  keyPrefix: string,
  acknowledged: string[],
  cutOff: CutOffCheckout[],
): Promise<void> {
  for (let n = 0; ; n += 1) {
    let added: HttpAnswer;
    try {
      added = await addToCart(shopper);
    } catch (error) {
      if (serverGone(error)) return;
      throw error;
    }
    if (serverGone(undefined, added)) return;
    if (added.status !== 200)
      throw new Error(`add to cart: ${added.status} ${JSON.stringify(added.body)}`);
    const key = `${keyPrefix}-${n}`;
    let placed: HttpAnswer;
    try {
      placed = await checkout(shopper, key);
    } catch (error) {
      if (!serverGone(error)) throw error;
      cutOff.push({ shopper, key });
      return;
    }
    if (serverGone(undefined, placed)) {
      cutOff.push({ shopper, key });
      return;
    }
    if (placed.status !== 201)
      throw new Error(`checkout: ${placed.status} ${JSON.stringify(placed.body)}`);
    acknowledged.push(orderIdOf(placed));
  }
}
