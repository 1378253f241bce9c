/**
 * Stock and rollout-flag changes across processes (docs/scaling.md), on PostgreSQL: two app
 * instances, each with its own pool, its own change listener and its own process identity, on
 * one database, their site cache TTL an hour so only a change notice can refresh them.
 * - The product page's stock (the sold-out mark) is cached per process: a write that tells no
 *   one leaves the other instance showing the old stock.
 * - An order on A that sells the last unit shows 'Sold Out' on B's product page; the owner's
 *   cancel on A gives the unit back and B offers it again.
 * - The same sale shows on the product's card on B's collection page and home page (their
 *   'Sold Out' badges), and the cancel takes the badges off again.
 * - A stock change drops only what shows stock: after the order, a page and a post without stock
 *   are still served from each process's caches (no statement reaches the database to show
 *   them), while both product pages show the new stock.
 * - The owner's page-speed rollout flags changed through A are what B answers.
 * Each wait is on a condition, bounded; the notice itself takes milliseconds.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WEBSITE_ROLES } from '../../src/shared/roles.ts';
import { createApp } from '../../src/server/app.ts';
import { openDatabase, schema, type Database } from '../../src/server/db/index.ts';
import { DEMO_SITE_FILE, demoImport, readSiteFile } from '../../src/server/main.ts';
import {
  ownerHeaders,
  OWNER_TOKEN,
} from '../../src/server/modules/analytics/testing/telemetry-app.ts';
import { importSite } from '../../src/server/modules/site-import/index.ts';
import { testConfig, type TestApp } from '../helpers/app.ts';
import { addCheckoutProducts, ITEMS, setCheckoutSettings } from '../helpers/checkout-fixtures.ts';
import { createTestDatabase, describeWithPostgres, type TestDatabase } from '../helpers/db.ts';
import { ownerAction, placeTestOrder } from '../helpers/order-fixtures.ts';
import { loginOwner } from '../helpers/site-users.ts';
import { setStock } from '../helpers/store-audit.ts';
import { watchQueries, type QueryLog } from '../helpers/query-log.ts';

/** An hour: within this test, a cached page can only change on a process that was told. */
const LONG_TTL_MS = String(60 * 60 * 1000);
/** Generous for a loaded machine; the notice itself takes milliseconds (printed). */
const VISIBLE_WITHIN_MS = 10_000;
const PRODUCT_PAGE = '/shop/p/field-notebook';
const SOLD_OUT = 'Sold Out';
/** The pages that show the notebook as a product card: its collection and the home page. */
const CARD_PAGES = ['/shop', '/'];
const CARD_TITLE = '<span class="product-card-title">Field Notebook</span>';
const SOLD_OUT_BADGE = '<div class="product-mark sold-out">';
/** Pages without stock on them: an ordinary page and a journal post of the demo. */
const PAGES_WITHOUT_STOCK = ['/contact', '/journal/caring-for-linen'];

interface Instance {
  readonly app: FastifyInstance;
  readonly database: Database;
}

/** Polls until `check` holds; the time it took, or an error naming what never happened. */
async function within(what: string, check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await check()) return performance.now() - started;
    if (performance.now() - started > VISIBLE_WITHIN_MS)
      throw new Error(`${what}: not within ${VISIBLE_WITHIN_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function productPage(instance: Instance): Promise<string> {
  const response = await instance.app.inject({ method: 'GET', url: PRODUCT_PAGE });
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** Whether the notebook's card on `url` carries the sold-out badge. */
async function cardSoldOut(instance: Instance, url: string): Promise<boolean> {
  const response = await instance.app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  const cards = [...response.body.matchAll(/<li class="product-card">([\s\S]*?)<\/li>/g)];
  const card = cards.map((match) => match[1] ?? '').find((html) => html.includes(CARD_TITLE));
  if (card === undefined) throw new Error(`no Field Notebook card on ${url}`);
  return card.includes(SOLD_OUT_BADGE);
}

async function flagsOf(instance: Instance): Promise<Record<string, unknown>> {
  const response = await instance.app.inject({ method: 'GET', url: '/api/1/performance/settings' });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describeWithPostgres('stock and rollout flags across two processes', () => {
  let testDatabase: TestDatabase;
  let a: Instance;
  let b: Instance;
  const apps: FastifyInstance[] = [];
  const pools: Database[] = [];
  let queries: QueryLog;

  /** What viewing `url` on `instance` sent to the database (nothing: served from its caches). */
  async function statementsToShow(instance: Instance, url: string): Promise<string[]> {
    return queries.during(async () => {
      const response = await instance.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
    });
  }

  async function startInstance(processId: string, database: Database): Promise<Instance> {
    const config = testConfig({
      DATABASE_URL: testDatabase.scopedUrl ?? '',
      SITE_CACHE_TTL_MS: LONG_TTL_MS,
      OWNER_TOKEN,
      // The waits below poll the flags endpoint.
      TELEMETRY_RATE_LIMIT: '100000',
    });
    const app = await createApp({ config, database, logger: false, services: { processId } });
    await app.ready();
    apps.push(app);
    return { app, database };
  }

  beforeAll(async () => {
    // Before any pool opens: the database layer binds the driver's methods once.
    queries = watchQueries();
    testDatabase = await createTestDatabase();
    const { database } = testDatabase;
    const dataDir = await mkdtemp(path.join(tmpdir(), 'vitrine-store-'));
    await importSite(database, await readSiteFile(DEMO_SITE_FILE), demoImport(dataDir));
    await setCheckoutSettings(database.db);
    await addCheckoutProducts(database.db);
    await setStock(database.db, ITEMS.notebook.variantId, 1);
    // First in the catalogue, so the home page's featured products show its card (the checkout
    // products, added at position 0, would push it out of the four).
    await database.db
      .update(schema.products)
      .set({ position: -1 })
      .where(eq(schema.products.id, ITEMS.notebook.productId));
    const other = await openDatabase({ databaseUrl: testDatabase.scopedUrl ?? '', dataDir: '' });
    pools.push(other);
    a = await startInstance('instance-a', database);
    b = await startInstance('instance-b', other);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all(pools.map((pool) => pool.close()));
    await testDatabase?.cleanup();
    queries?.stop();
  });

  it("the product page's stock is cached per process: a write that tells no one does not show", async () => {
    expect(await productPage(b)).not.toContain(SOLD_OUT);
    await setStock(testDatabase.database.db, ITEMS.notebook.variantId, 0);
    try {
      expect(await productPage(b)).not.toContain(SOLD_OUT);
    } finally {
      await setStock(testDatabase.database.db, ITEMS.notebook.variantId, 1);
    }
  });

  it("an order on A that sells the last unit shows 'Sold Out' on B; A's cancel brings it back", async () => {
    // Both have the page cached, the unit on offer.
    expect(await productPage(a)).not.toContain(SOLD_OUT);
    expect(await productPage(b)).not.toContain(SOLD_OUT);

    const harnessA = { app: a.app, database: a.database } as TestApp;
    const order = await placeTestOrder(harnessA, [{ item: ITEMS.notebook, quantity: 1 }]);
    // The process that took the order dropped its own cache at once.
    expect(await productPage(a)).toContain(SOLD_OUT);
    const soldOutAfter = await within("B's page to show the sale", async () =>
      (await productPage(b)).includes(SOLD_OUT),
    );

    const owner = await loginOwner(a.app, a.database.db, 'owner@example.com', WEBSITE_ROLES.ADMIN);
    const cancelled = await ownerAction(owner, order.id, 'cancel', {}, 'cancel-across');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const backAfter = await within(
      "B's page to offer the returned unit",
      async () => !(await productPage(b)).includes(SOLD_OUT),
    );
    console.info(
      `stock across processes: sold out on B after ${Math.round(soldOutAfter)} ms, back after ${Math.round(backAfter)} ms (cache TTL ${LONG_TTL_MS} ms)`,
    );
  }, 60_000);

  it('an order drops only what shows stock: pages without stock stay cached in both processes', async () => {
    // The unit the previous test gave back is on offer in both processes.
    expect(await productPage(a)).not.toContain(SOLD_OUT);
    await within('B to offer the unit', async () => !(await productPage(b)).includes(SOLD_OUT));
    for (const instance of [a, b])
      for (const url of PAGES_WITHOUT_STOCK) {
        await statementsToShow(instance, url);
        // Viewed again, a page is served from the process's caches: nothing is read.
        expect(await statementsToShow(instance, url), url).toEqual([]);
      }

    const order = await placeTestOrder({ app: a.app, database: a.database } as TestApp, [
      { item: ITEMS.notebook, quantity: 1 },
    ]);
    expect(await productPage(a)).toContain(SOLD_OUT);
    await within("B's page to show the sale", async () =>
      (await productPage(b)).includes(SOLD_OUT),
    );
    // Both processes heard of the stock change (A made it, B was told): pages without stock
    // are still what they kept, neither looked up nor rendered again.
    for (const [name, instance] of [
      ['A', a],
      ['B', b],
    ] as const)
      for (const url of PAGES_WITHOUT_STOCK)
        expect(await statementsToShow(instance, url), `${url} on ${name}`).toEqual([]);

    const owner = await loginOwner(a.app, a.database.db, 'owner2@example.com', WEBSITE_ROLES.ADMIN);
    const cancelled = await ownerAction(owner, order.id, 'cancel', {}, 'cancel-kept-pages');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
  }, 60_000);

  it("the last unit sold on A shows as sold out on B's collection and home pages; A's cancel takes the badge off", async () => {
    // The unit the previous test gave back is on offer in both processes, and both have the
    // pages cached with it on offer.
    await within('B to offer the unit', async () => !(await productPage(b)).includes(SOLD_OUT));
    for (const instance of [a, b])
      for (const url of CARD_PAGES) expect(await cardSoldOut(instance, url), url).toBe(false);

    const order = await placeTestOrder({ app: a.app, database: a.database } as TestApp, [
      { item: ITEMS.notebook, quantity: 1 },
    ]);
    for (const url of CARD_PAGES) expect(await cardSoldOut(a, url), `${url} on A`).toBe(true);
    const soldOutAfter = await within("B's collection and home pages to show the sale", async () =>
      (await Promise.all(CARD_PAGES.map((url) => cardSoldOut(b, url)))).every(Boolean),
    );

    const owner = await loginOwner(a.app, a.database.db, 'owner3@example.com', WEBSITE_ROLES.ADMIN);
    const cancelled = await ownerAction(owner, order.id, 'cancel', {}, 'cancel-cards');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    for (const url of CARD_PAGES) expect(await cardSoldOut(a, url), `${url} on A`).toBe(false);
    const backAfter = await within(
      "B's collection and home pages to offer the returned unit",
      async () =>
        (await Promise.all(CARD_PAGES.map((url) => cardSoldOut(b, url)))).every((out) => !out),
    );
    console.info(
      `product cards across processes: sold out on B after ${Math.round(soldOutAfter)} ms, back after ${Math.round(backAfter)} ms`,
    );
  }, 60_000);

  it("an owner's rollout flags changed through A are what B answers", async () => {
    const before = await flagsOf(b);
    const turnOn = before.rum !== true;
    const put = await a.app.inject({
      method: 'PUT',
      url: '/api/vitrine/telemetry/performance-settings',
      headers: ownerHeaders,
      payload: { flags: { rum: turnOn } },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await flagsOf(a)).rum).toBe(turnOn);
    await within("B's rollout flags to follow", async () => (await flagsOf(b)).rum === turnOn);
  });
});
