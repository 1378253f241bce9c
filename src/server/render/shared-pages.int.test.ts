/**
 * Shared pages through the whole app (shared-page-cache.ts): anonymous visitors are shown one
 * rendering of an open page, each with their own crumb that their plain forms post back; a
 * visitor with a cart, a login or an unlocked page never sees another's page, nor anyone
 * theirs; an edit shows on the next view after the site reloads.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/helpers/app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db.ts';
import { newVisitor, type Visitor } from '../../../test/helpers/session.ts';
import { insertSiteUser, login } from '../../../test/helpers/site-users.ts';
import { createApp } from '../app.ts';
import { schema } from '../db/index.ts';
import { createSiteResolver, type SiteResolver } from '../http/current-site.ts';
import { DEMO_SITE_FILE, readSiteFile } from '../main.ts';
import { importSite } from '../modules/site-import/index.ts';

const PRODUCT_URL = '/shop/p/linen-shirt';
let testDatabase: TestDatabase;
let sites: SiteResolver;
let app: FastifyInstance;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  await importSite(testDatabase.database, await readSiteFile(DEMO_SITE_FILE));
  sites = createSiteResolver(testDatabase.database);
  app = await createApp({
    config: testConfig(),
    database: testDatabase.database,
    sites,
    logger: false,
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await testDatabase.cleanup();
});

function crumbFields(html: string): string[] {
  return [...html.matchAll(/name="crumb" value="([^"]*)"/g)].map((match) => match[1] ?? '');
}

function cartCountOf(html: string): number {
  const match = /data-island="CartCount"[^>]*data-props="\{&quot;totalQuantity&quot;:(\d+)/.exec(
    html,
  );
  if (!match?.[1]) throw new Error('the page carries no cart count');
  return Number(match[1]);
}

async function anonymousView(url: string): Promise<{ visitor: Visitor; html: string }> {
  const visitor = await newVisitor(app, '/api/commerce/shopping-cart');
  const response = await visitor.inject({ url });
  expect(response.statusCode).toBe(200);
  return { visitor, html: response.body };
}

describe('anonymous visitors', () => {
  it('each see the same page with their own crumb in every form', async () => {
    const first = await anonymousView(PRODUCT_URL);
    const second = await anonymousView(PRODUCT_URL);
    expect(first.visitor.crumb).not.toBe(second.visitor.crumb);
    expect(crumbFields(first.html).length).toBeGreaterThan(0);
    expect(new Set(crumbFields(first.html))).toEqual(new Set([first.visitor.crumb]));
    expect(new Set(crumbFields(second.html))).toEqual(new Set([second.visitor.crumb]));
    expect(second.html.replaceAll(second.visitor.crumb, 'CRUMB')).toBe(
      first.html.replaceAll(first.visitor.crumb, 'CRUMB'),
    );
    expect(second.html).not.toContain('vitrine-crumb-');
  });

  it("post their plain forms with the page's crumb and are accepted", async () => {
    const { visitor, html } = await anonymousView(PRODUCT_URL);
    const [crumb] = crumbFields(html);
    const added = await visitor.inject({
      method: 'POST',
      url: '/cart/add',
      csrf: false,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        crumb: crumb ?? '',
        itemId: 'linen-shirt',
        sku: 'LS-SAND-M',
        quantity: '1',
      }).toString(),
    });
    expect(added.statusCode).toBe(303);
    expect(added.headers.location).toBe('/cart');
  });
});

describe('visitors who see something of their own', () => {
  it('a visitor with a cart sees their count; anonymous visitors before and after see 0', async () => {
    expect(cartCountOf((await anonymousView(PRODUCT_URL)).html)).toBe(0);
    const shopper = await newVisitor(app, '/api/commerce/shopping-cart');
    const added = await shopper.inject({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      payload: { itemId: 'linen-shirt', sku: 'LS-SAND-S', quantity: 2, additionalFields: 'null' },
    });
    expect(added.statusCode, added.body).toBe(200);
    const own = await shopper.inject({ url: PRODUCT_URL });
    expect(cartCountOf(own.body)).toBe(2);
    expect(new Set(crumbFields(own.body))).toEqual(new Set([shopper.crumb]));
    expect(cartCountOf((await anonymousView(PRODUCT_URL)).html)).toBe(0);
  });

  it('a signed-in site user sees their login, and nobody else does', async () => {
    await anonymousView('/');
    await insertSiteUser(testDatabase.database.db, 'ann@example.com');
    const member = await newVisitor(app, '/');
    expect((await login(member, 'ann@example.com')).statusCode).toBe(200);
    const own = await member.inject({ url: '/' });
    expect(own.body).toContain('ann@example.com');
    expect((await anonymousView('/')).html).not.toContain('ann@example.com');
  });

  it('a page unlocked by one visitor stays locked for the next', async () => {
    const unlocker = await newVisitor(app, '/');
    const unlocked = await unlocker.inject({
      method: 'POST',
      url: '/protected/unlock',
      csrf: false,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        crumb: unlocker.crumb,
        path: '/trade',
        password: 'vitrine',
      }).toString(),
    });
    expect(unlocked.statusCode).toBe(303);
    expect((await unlocker.inject({ url: '/trade' })).body).toContain('Stockists order at 50%');
    const stranger = await newVisitor(app, '/');
    const locked = await stranger.inject({ url: '/trade' });
    expect(locked.statusCode).toBe(401);
    expect(locked.body).not.toContain('Stockists order at 50%');
  });
});

describe('freshness', () => {
  it('shows an edit on the next anonymous view once the site reloads, not the kept page', async () => {
    expect((await anonymousView(PRODUCT_URL)).html).toContain('Linen Shirt');
    await testDatabase.database.db
      .update(schema.products)
      .set({ title: 'Washed Linen Shirt' })
      .where(eq(schema.products.id, 'linen-shirt'));
    sites.invalidate();
    expect((await anonymousView(PRODUCT_URL)).html).toContain('Washed Linen Shirt');
  });

  it('keeps a query string out: a refused form post’s message shows to its visitor only', async () => {
    const { visitor } = await anonymousView(PRODUCT_URL);
    const message = 'Sorry, that item could not be found.';
    const refused = await visitor.inject({
      url: `${PRODUCT_URL}?cartError=${encodeURIComponent(message)}`,
    });
    expect(refused.statusCode).toBe(200);
    expect(refused.body).toContain(message);
    expect((await anonymousView(PRODUCT_URL)).html).not.toContain(message);
  });
});
