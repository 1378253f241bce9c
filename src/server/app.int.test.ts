import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/app.ts';
import { newVisitor } from '../../test/helpers/session.ts';
import { schema } from './db/index.ts';
import { ownerClient } from './modules/store-admin/testing/store-admin-fixtures.ts';

const DEMO_PRODUCT_URL = '/shop/p/linen-shirt';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let harness: TestApp;

beforeAll(async () => {
  harness = await createTestApp();
  // The product page lists the variants in a table only where the merchant turns it on.
  const [site] = await harness.database.db.select().from(schema.sites);
  if (!site) throw new Error('the demo site was not imported');
  const merchandising = (site.settings as { productMerchandising?: Record<string, object> })
    .productMerchandising;
  await harness.database.db
    .update(schema.sites)
    .set({
      settings: {
        ...site.settings,
        productMerchandising: { ...merchandising, 'linen-shirt': { optionsTableShown: true } },
      },
    })
    .where(eq(schema.sites.id, site.id));
});
afterAll(() => harness.close());

async function siteId(): Promise<string> {
  const [site] = await harness.database.db.select({ id: schema.sites.id }).from(schema.sites);
  if (!site) throw new Error('the demo site was not imported');
  return site.id;
}

/** Stores a cart holding `quantity` of the demo product's first variant; returns its token. */
async function storeCart(quantity: number): Promise<string> {
  const { db } = harness.database;
  const [variant] = await db.select().from(schema.variants).limit(1);
  if (!variant) throw new Error('the demo has no variants');
  const token = randomBytes(24).toString('base64url');
  const cartId = randomUUID();
  await db.insert(schema.carts).values({ id: cartId, siteId: await siteId(), token });
  await db.insert(schema.cartEntries).values({
    id: randomUUID(),
    cartId,
    productId: variant.productId,
    variantId: variant.id,
    quantity,
  });
  return token;
}

describe('probes and request ids', () => {
  it('answers /healthz and /readyz with a request id of its own making', async () => {
    const health = await harness.app.inject({
      url: '/healthz',
      headers: { 'x-request-id': 'forged' },
    });
    expect(health.statusCode).toBe(200);
    expect(health.headers['x-request-id']).toMatch(UUID);
    const ready = await harness.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'ok' });
  });
});

describe('GET /api/commerce/shopping-cart', () => {
  it('answers an empty cart of the spec shape to a visitor without a cart', async () => {
    const response = await harness.app.inject(
      '/api/commerce/shopping-cart?mock=false&timecode=1700000000000',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({
      websiteId: await siteId(),
      isPurchased: false,
      entries: [],
      totalQuantity: 0,
      subtotalCents: 0,
      grandTotalCents: 0,
      subtotalAmount: { value: '0.00', currencyCode: 'USD' },
    });
  });

  it("answers the cart of the visitor's cart cookie with its entries and totals", async () => {
    const token = await storeCart(2);
    const response = await harness.app.inject({
      url: '/api/commerce/shopping-cart',
      cookies: { 'vitrine-cart-token': token },
    });
    const cart = response.json();
    expect(cart.totalQuantity).toBe(2);
    expect(cart.entries).toHaveLength(1);
    expect(cart.entries[0].quantity).toBe(2);
    expect(cart.subtotalCents).toBe(cart.entries[0].purchasePriceCents * 2);
  });

  it('forgets an unknown cart cookie and answers an empty cart', async () => {
    const response = await harness.app.inject({
      url: '/api/commerce/shopping-cart',
      cookies: { 'vitrine-cart-token': 'x'.repeat(32) },
    });
    expect(response.json().entries).toEqual([]);
    expect(String(response.headers['set-cookie'])).toContain('vitrine-cart-token=;');
  });

  it('rejects a malformed query with 400 and the field named', async () => {
    const response = await harness.app.inject('/api/commerce/shopping-cart?timecode=soon');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { timecode: 'must be a number' },
    });
  });
});

describe('product page', () => {
  it('renders the product on the server from the theme with the cart-count island', async () => {
    const response = await harness.app.inject(DEMO_PRODUCT_URL);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.body).toContain('<h1 class="product-title">Linen Shirt</h1>');
    expect(response.body).toContain('<body data-page-type="50">');
    expect(response.body).toMatch(/<link rel="icon" href="\/theme\/\w+\/favicon.svg"/);
    expect(response.body).toMatch(
      /<vitrine-island data-island="CartCount" data-hydrate="load" data-props="\{&quot;totalQuantity&quot;:0,&quot;subtotalCents&quot;:0,/,
    );
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('prices variants through the engine: from-price, sale struck through, sold out', async () => {
    const { body } = await harness.app.inject(DEMO_PRODUCT_URL);
    expect(body).toContain('<p class="product-price">from $54.00</p>');
    expect(body).toMatch(/<td>S \/ Indigo<\/td>\s*<td><s>\$72\.00<\/s> \$54\.00<\/td>/);
    expect(body).toMatch(
      /<td>L \/ Sand<\/td>\s*<td>\$68\.00<\/td>\s*<td><span class="variant-sold-out">sold out<\/span><\/td>/,
    );
  });

  it("shows the visitor's cart count in the server-rendered island", async () => {
    const token = await storeCart(3);
    const response = await harness.app.inject({
      url: DEMO_PRODUCT_URL,
      cookies: { 'vitrine-cart-token': token },
    });
    expect(response.body).toContain(
      '<span class="template-cart-count" aria-hidden="true">3</span>',
    );
  });

  it('answers 304 when the browser holds the same page (ETag)', async () => {
    // The same browser (its session cookies): a page carries its visitor's crumb.
    const visitor = await newVisitor(harness.app, DEMO_PRODUCT_URL);
    const first = await visitor.inject({ url: DEMO_PRODUCT_URL });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const again = await visitor.inject({
      url: DEMO_PRODUCT_URL,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const changed = await visitor.inject({
      url: DEMO_PRODUCT_URL,
      headers: { 'if-none-match': 'W/"stale"' },
    });
    expect(changed.statusCode).toBe(200);
    // Another visitor's page differs (its own crumb): never their 304.
    const stranger = await harness.app.inject({
      url: DEMO_PRODUCT_URL,
      headers: { 'if-none-match': etag },
    });
    expect(stranger.statusCode).toBe(200);
  });

  it('matches paths without a trailing slash and case-insensitively', async () => {
    expect((await harness.app.inject(`${DEMO_PRODUCT_URL}/`)).statusCode).toBe(200);
    expect((await harness.app.inject(DEMO_PRODUCT_URL.toUpperCase())).statusCode).toBe(200);
  });

  it('answers 404 with the theme page for an unknown path', async () => {
    const response = await harness.app.inject('/shop/p/no-such-thing');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<body data-page-type="100">');
    expect(response.body).toContain('<h1>Page not found</h1>');
  });

  it('serves theme assets', async () => {
    const response = await harness.app.inject('/theme/site.css');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/css');
  });
});

describe('site pages', () => {
  it('renders home with featured products and the navigation', async () => {
    const response = await harness.app.inject('/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<body data-page-type="2">');
    expect(response.body).toContain('<a href="/shop">Shop</a>');
    expect(response.body).toContain('<a href="/contact">Contact</a>');
    expect(response.body).toContain('href="/shop/p/linen-shirt"');
  });

  it('renders a collection with its products, prices and marks', async () => {
    const response = await harness.app.inject('/shop');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<body data-page-type="1">');
    expect(response.body).toContain('<span class="product-card-title">Field Notebook</span>');
    expect(response.body).toContain('<span class="product-card-price">from $54.00</span>');
    expect(response.body).toContain('<div class="product-mark sale">sale</div>');
  });

  it('renders an ordinary page with its body', async () => {
    const response = await harness.app.inject('/contact');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<article class="page">');
  });

  it('hides a product as soon as its owner unpublishes it, though its pages were seen before', async () => {
    const owner = await ownerClient(harness.app, harness.database.db, 'STORE_MANAGER');
    const setStatus = (status: string) =>
      owner.inject({
        method: 'PATCH',
        url: '/api/vitrine/owner/products/field-notebook',
        payload: { status },
      });
    expect((await harness.app.inject('/shop')).body).toContain('Field Notebook');
    expect((await harness.app.inject('/shop/p/field-notebook')).statusCode).toBe(200);
    expect((await setStatus('draft')).statusCode).toBe(200);
    try {
      expect((await harness.app.inject('/shop/p/field-notebook')).statusCode).toBe(404);
      expect((await harness.app.inject('/shop')).body).not.toContain('Field Notebook');
    } finally {
      expect((await setStatus('published')).statusCode).toBe(200);
    }
  });
});

describe('rate limits', () => {
  it("answers 429 with the spec's message past the limit, and never limits the probes", async () => {
    const limited = await createTestApp({
      importDemo: true,
      rateLimit: { max: 2, timeWindowMs: 60_000 },
    });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i += 1)
        codes.push((await limited.app.inject('/api/commerce/shopping-cart')).statusCode);
      expect(codes).toEqual([200, 200, 429]);
      const refused = await limited.app.inject('/api/commerce/shopping-cart');
      expect(refused.json()).toEqual({
        error: { code: 'RATE_LIMITED', message: 'Please try again in a few seconds.' },
      });
      for (let i = 0; i < 5; i += 1) {
        expect((await limited.app.inject('/healthz')).statusCode).toBe(200);
        expect((await limited.app.inject('/readyz')).statusCode).toBe(200);
      }
    } finally {
      await limited.close();
    }
  });

  it('believes X-Forwarded-For only from TRUSTED_PROXIES', async () => {
    const trusting = await createTestApp({
      env: { TRUSTED_PROXIES: '127.0.0.1' },
      rateLimit: { max: 1, timeWindowMs: 60_000 },
    });
    const distrusting = await createTestApp({ rateLimit: { max: 1, timeWindowMs: 60_000 } });
    try {
      const from = (app: TestApp, ip: string) =>
        app.app.inject({ url: '/api/commerce/shopping-cart', headers: { 'x-forwarded-for': ip } });
      // Behind a trusted proxy, two shoppers have a limit each.
      expect((await from(trusting, '203.0.113.1')).statusCode).toBe(200);
      expect((await from(trusting, '203.0.113.2')).statusCode).toBe(200);
      // Otherwise the header is ignored and both count against the connection's address.
      expect((await from(distrusting, '203.0.113.1')).statusCode).toBe(200);
      expect((await from(distrusting, '203.0.113.2')).statusCode).toBe(429);
    } finally {
      await Promise.all([trusting.close(), distrusting.close()]);
    }
  });
});
