/**
 * One order is one purchase in every owner report. Orders are placed through the real checkout
 * (the cart form, then the checkout form post, as a browser without JavaScript does), the order
 * confirmation page is opened, and the purchase events are sent by the analytics client's own
 * code (src/clients/analytics) running on that page's values, its requests handed to the app: the
 * v0 'checkout confirmed' and the v2 'purchase' the confirmation page sends for each order.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { commerceEvents } from '../../src/clients/analytics/commerce.ts';
import type { Identity } from '../../src/clients/analytics/identity.ts';
import type { PageValues } from '../../src/clients/analytics/page-values.ts';
import { loadClientAssets } from '../../src/server/render/client-assets.ts';
import { formPost, hiddenValue } from '../helpers/page-html.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { newVisitor, type Visitor } from '../helpers/session.ts';

const OWNER_TOKEN = 'owner-token-for-purchase-reports-test';
const PRODUCT = 'shirt-pattern';
const ORDERS = 3;

let harness: TestApp;

/** A client build of the loader alone: pages then carry the values the browser clients read. */
function loaderOnlyBuild(): string {
  const directory = mkdtempSync(path.join(tmpdir(), 'vitrine-client-'));
  mkdirSync(path.join(directory, '.vite'));
  mkdirSync(path.join(directory, 'assets'));
  writeFileSync(path.join(directory, 'assets', 'loader-3f9a1c.js'), 'export {};\n');
  writeFileSync(
    path.join(directory, '.vite', 'manifest.json'),
    JSON.stringify({ 'src/islands/loader.ts': { file: 'assets/loader-3f9a1c.js' } }),
  );
  return directory;
}

beforeAll(async () => {
  harness = await createTestApp({
    assets: await loadClientAssets(loaderOnlyBuild()),
    env: { OWNER_TOKEN },
    rateLimit: { max: 100_000, timeWindowMs: 60_000 },
  });
});
afterAll(() => harness.close());
afterEach(() => {
  vi.unstubAllGlobals();
});

/** Places an order for the product through the cart and checkout forms; the confirmation's path. */
async function placeOrder(visitor: Visitor): Promise<string> {
  const added = await formPost(visitor, '/cart/add', { itemId: PRODUCT, quantity: '1' });
  expect(added.statusCode).toBe(303);
  const checkout = await visitor.inject({ url: '/checkout' });
  const placed = await formPost(visitor, '/checkout', {
    email: 'shopper@example.com',
    idempotencyKey: hiddenValue(checkout.body, 'idempotencyKey') ?? '',
    payment: 'success',
  });
  expect(placed.statusCode).toBe(303);
  return String(placed.headers.location);
}

/** The page values the confirmation renders for the browser clients. */
function pageValuesOf(html: string): PageValues {
  const attribute = /<template id="vitrine-page" data-page="([^"]*)">/.exec(html)?.[1];
  if (attribute === undefined) throw new Error('the page carries no values');
  const text = attribute
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  return JSON.parse(text) as PageValues;
}

/**
 * Runs the confirmation page's commerce events in a browser-like global scope: `location` is the
 * page, `document.cookie` the visitor's cookies, and `fetch` goes to the app as this visitor.
 */
async function openConfirmation(
  visitor: Visitor,
  path: string,
  identity: Identity,
  storage: Storage,
): Promise<number> {
  const page = await visitor.inject({ url: path });
  expect(page.statusCode).toBe(200);
  const values = pageValuesOf(page.body);
  expect(values.order).not.toBeNull();
  const sent: Promise<unknown>[] = [];
  let posts = 0;
  vi.stubGlobal('location', new URL(`http://shop.example${path}`));
  vi.stubGlobal('document', {
    cookie: [...visitor.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    referrer: '',
    dispatchEvent: () => true,
  });
  vi.stubGlobal('navigator', { language: 'en-US', userAgent: 'purchase-reports-test' });
  vi.stubGlobal('innerWidth', 1280);
  vi.stubGlobal('innerHeight', 800);
  vi.stubGlobal('fetch', (url: string, init: { body: URLSearchParams }) => {
    posts += 1;
    const answer = visitor
      .inject({
        method: 'POST',
        url,
        csrf: false,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: init.body.toString(),
      })
      .then((response) => {
        expect(response.statusCode, response.body).toBe(202);
        return new Response(null, { status: response.statusCode });
      });
    sent.push(answer);
    return answer;
  });
  commerceEvents(values, identity, () => storage).trackPage();
  await Promise.all(sent);
  vi.unstubAllGlobals();
  return posts;
}

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

const report = async (name: string) => {
  const response = await harness.app.inject({
    url: `/api/vitrine/analytics/${name}`,
    headers: { authorization: `Bearer ${OWNER_TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ to: string } & Record<string, unknown>>();
};

describe('purchases in the owner reports', () => {
  it(`${ORDERS} orders through the checkout are ${ORDERS} purchases in the summary, the funnel and the products report`, async () => {
    let eventPosts = 0;
    for (let index = 0; index < ORDERS; index += 1) {
      const visitor = await newVisitor(harness.app, '/');
      const path = await placeOrder(visitor);
      const identity: Identity = {
        visitorId: `visitor-${index}`,
        analyticsId: `analytics-${index}`,
        sessionId: `session-${index}`,
        firstLanding: false,
        firstSession: false,
      };
      const storage = memoryStorage();
      eventPosts += await openConfirmation(visitor, path, identity, storage);
      // A reload of the confirmation sends nothing more (the client remembers the order) ...
      expect(await openConfirmation(visitor, path, identity, storage)).toBe(0);
      // ... and the same link opened in a second browser sends again: still one order.
      if (index === 0)
        eventPosts += await openConfirmation(visitor, path, identity, memoryStorage());
    }
    // Each confirmation sent both events: v0 'checkout confirmed' and v2 'purchase'.
    expect(eventPosts).toBe(2 * (ORDERS + 1));
    await harness.app.flushIngestion();

    const summary = await report('summary');
    const today = summary.to;
    const summaryDay = (summary.days as { date: string; purchases: number }[]).find(
      (day) => day.date === today,
    );
    expect(summaryDay?.purchases).toBe(ORDERS);

    const funnel = await report('funnel');
    const funnelDay = (
      funnel.days as { date: string; purchased: number; purchases: number }[]
    ).find((day) => day.date === today);
    expect(funnelDay).toMatchObject({ purchased: ORDERS, purchases: ORDERS });

    const products = (await report('products')).products as {
      productId: string;
      purchases: number;
    }[];
    expect(products.find((row) => row.productId === PRODUCT)?.purchases).toBe(ORDERS);
    expect(products.reduce((sum, row) => sum + row.purchases, 0)).toBe(ORDERS);
  });
});
