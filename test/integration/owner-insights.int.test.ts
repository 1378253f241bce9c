/**
 * The read APIs behind the owner's Dashboard, Analytics and Site health pages, on one day of
 * known traffic: referrers, devices, search keywords, form conversions, the funnel's steps over
 * the range, sales with top products, page speed by day and error samples. The numbers agree
 * with each other: one order is one purchase in the summary, the funnel, the sales report and
 * the dashboard.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBSITE_ROLES } from '../../src/shared/roles.ts';
import { schema } from '../../src/server/db/index.ts';
import type { AnalyticsRow } from '../../src/server/modules/analytics/event-store.ts';
import { rebuildDailyRollup } from '../../src/server/modules/analytics/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { ITEMS } from '../helpers/checkout-fixtures.ts';
import { placeTestOrder, type PlacedOrder } from '../helpers/order-fixtures.ts';
import type { Visitor } from '../helpers/session.ts';
import { loginOwner } from '../helpers/site-users.ts';

let harness: TestApp;
let siteId: string;
let today: string;
let admin: Visitor;
let reporting: Visitor;
let editor: Visitor;
let orders: PlacedOrder[];
let formId: string;

const MINUTE = 60_000;
/** Rows minutes apart from 01:00 of the site's today: on its day whatever the hour now. */
let base: number;
const at = (minutes: number) => new Date(base + minutes * MINUTE);

function row(partial: Partial<AnalyticsRow> & Pick<AnalyticsRow, 'kind'>): AnalyticsRow {
  return {
    siteId,
    source: 'census',
    eventName: partial.kind,
    visitorId: 'v-a',
    pagePath: '/',
    productId: null,
    occurredAt: at(0),
    data: {},
    ...partial,
  };
}

beforeAll(async () => {
  harness = await createTestApp({ rateLimit: { max: 100_000, timeWindowMs: 60_000 } });
  const { db } = harness.database;
  const [site] = await db.select().from(schema.sites).limit(1);
  if (!site) throw new Error('the demo site is missing');
  siteId = site.id;
  today = new Intl.DateTimeFormat('en-CA', { timeZone: site.settings.timeZone }).format(new Date());
  const [start] = await db
    .execute<{ at: string }>(
      sql`select ((${today}::date + time '01:00') at time zone ${site.settings.timeZone})::text as at`,
    )
    .then((result) => (result as { rows: { at: string }[] }).rows);
  base = Date.parse(start?.at.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00') ?? '');
  if (Number.isNaN(base)) throw new Error(`no start of day: ${start?.at}`);
  admin = await loginOwner(harness.app, db, 'admin@example.com', WEBSITE_ROLES.ADMIN);
  reporting = await loginOwner(harness.app, db, 'reports@example.com', WEBSITE_ROLES.REPORTING);
  editor = await loginOwner(harness.app, db, 'editor@example.com', WEBSITE_ROLES.EDITOR);

  orders = [
    await placeTestOrder(harness, [{ item: ITEMS.shirtM, quantity: 2 }]),
    await placeTestOrder(harness, [{ item: ITEMS.notebook, quantity: 1 }]),
  ];
  const [form] = await db.select({ id: schema.forms.id }).from(schema.forms).limit(1);
  if (!form) throw new Error('the demo has no form');
  formId = form.id;

  const [first, second] = orders as [PlacedOrder, PlacedOrder];
  await db.insert(schema.analyticsEvents).values([
    // Visitor a, on a phone, from Google: home, a product, add to cart, checkout, bought order 1
    // (the confirmation sends v0 'checkout confirmed' and v2 'purchase' for the one order).
    row({
      kind: 'page_view',
      data: { referrer: 'https://www.Google.com/search?q=linen', screenWidth: 390 },
    }),
    row({
      kind: 'page_view',
      occurredAt: at(2),
      pagePath: '/shop/p/linen-shirt',
      data: { referrer: 'http://localhost/', screenWidth: 390 },
    }),
    row({ kind: 'product_view', occurredAt: at(2), productId: 'linen-shirt', source: 'event-v2' }),
    row({ kind: 'add_to_cart', occurredAt: at(3), productId: 'linen-shirt', source: 'event-v2' }),
    row({
      kind: 'page_view',
      occurredAt: at(4),
      pagePath: '/checkout',
      data: { pageType: 201, screenWidth: 390 },
    }),
    row({
      kind: 'purchase',
      occurredAt: at(5),
      source: 'event-v0',
      eventName: 'checkout confirmed',
      data: { orderId: first.id },
    }),
    row({
      kind: 'purchase',
      occurredAt: at(5),
      source: 'event-v2',
      eventName: 'purchase',
      data: { transaction_id: first.id, items: [{ item_id: 'linen-shirt' }] },
    }),
    // Visitor b, on a desktop, came direct: a product, three searches (two of one keyword),
    // and bought order 2 (only the v0 event arrived).
    row({ kind: 'page_view', visitorId: 'v-b', occurredAt: at(1), data: { screenWidth: 1440 } }),
    row({ kind: 'quick_view', visitorId: 'v-b', occurredAt: at(1), productId: 'linen-shirt' }),
    ...[' Linen ', 'linen', 'Mug'].map((keyword, index) =>
      row({
        kind: 'other',
        source: 'event-v0',
        eventName: 'search',
        visitorId: 'v-b',
        pagePath: '/search',
        occurredAt: at(2 + index),
        data: { action: 'search', search_string: keyword },
      }),
    ),
    row({
      kind: 'purchase',
      visitorId: 'v-b',
      occurredAt: at(6),
      source: 'event-v0',
      eventName: 'checkout confirmed',
      data: { orderId: second.id },
    }),
    // Visitor c, on a tablet, from a news site, saw the form twice.
    row({
      kind: 'page_view',
      visitorId: 'v-c',
      pagePath: '/contact',
      data: { referrer: 'https://news.example.org/story', screenWidth: 800 },
    }),
    ...[0, 1].map((minute) =>
      row({
        kind: 'form_render',
        visitorId: 'v-c',
        pagePath: '/contact',
        occurredAt: at(minute),
        data: { formId },
      }),
    ),
    // Visitor d followed a link of the site itself (a tab left open): direct, no screen size.
    row({ kind: 'page_view', visitorId: 'v-d', data: { referrer: 'http://localhost/shop' } }),
  ]);
  // Rows stored around ingestion reach the reports once the rollup is rebuilt from them.
  await rebuildDailyRollup(db, siteId);
  await db.insert(schema.formSubmissions).values({
    siteId,
    formId,
    formName: 'Contact',
    fields: [],
    answers: {},
    ipHash: 'hash',
    createdAt: at(1),
  });
  await db.insert(schema.pageSpeedRecords).values(
    [1800, 2000, 2600, 5000].map((lcpMs, index) => ({
      siteId,
      pageLoadId: `load-${index}`,
      pageType: 50,
      path: '/shop/p/linen-shirt',
      lcpMs,
      cls: 0.02,
      record: {},
    })),
  );
  const [group] = await db
    .insert(schema.scriptErrorGroups)
    .values({
      siteId,
      fingerprint: 'f1',
      message: 'x is undefined',
      topFrame: 'at render (app.js:1:2)',
      occurrences: 2,
    })
    .returning({ id: schema.scriptErrorGroups.id });
  await db.insert(schema.scriptErrors).values(
    ['at render (app.js:1:2)\nat old', 'at render (app.js:1:2)\nat newest'].map((stack, i) => ({
      groupId: group?.id ?? 0,
      siteId,
      eventName: 'error',
      message: 'x is undefined',
      stack,
      pageUrl: '/shop',
      receivedAt: at(i),
    })),
  );
});
afterAll(() => harness.close());

async function read<T>(visitor: Visitor, path: string): Promise<T> {
  const separator = path.includes('?') ? '&' : '?';
  const response = await visitor.inject({ url: `${path}${separator}from=${today}&to=${today}` });
  expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
  return response.json<T>();
}

describe('traffic reports', () => {
  it('counts visits by the site that sent them; none or the site itself is Direct', async () => {
    const { referrers } = await read<{ referrers: unknown[] }>(
      admin,
      '/api/vitrine/analytics/referrers',
    );
    expect(referrers).toEqual([
      { source: 'Direct', visits: 2 },
      { source: 'google.com', visits: 1 },
      { source: 'news.example.org', visits: 1 },
    ]);
  });

  it('counts visitors and page views by device, every device listed', async () => {
    const { devices } = await read<{ devices: unknown[] }>(admin, '/api/vitrine/analytics/devices');
    expect(devices).toEqual([
      { device: 'Phone', visitors: 1, pageViews: 3 },
      { device: 'Tablet', visitors: 1, pageViews: 1 },
      { device: 'Desktop', visitors: 1, pageViews: 1 },
      { device: 'Unknown', visitors: 1, pageViews: 1 },
    ]);
  });

  it('lists search keywords, trimmed and in one case, most searched first', async () => {
    const { keywords } = await read<{ keywords: unknown[] }>(
      admin,
      '/api/vitrine/analytics/searches',
    );
    expect(keywords).toEqual([
      { keyword: 'linen', searches: 2, visitors: 1 },
      { keyword: 'mug', searches: 1, visitors: 1 },
    ]);
  });

  it("converts a form's views into submissions", async () => {
    const { forms } = await read<{ forms: unknown[] }>(admin, '/api/vitrine/analytics/forms');
    expect(forms).toEqual([
      {
        formId,
        name: expect.any(String),
        views: 2,
        submissions: 1,
        conversionRate: 0.5,
      },
    ]);
  });
});

describe('one order is one purchase everywhere', () => {
  it('the funnel steps, the summary, the sales report and the dashboard agree', async () => {
    const funnel = await read<{ steps: Record<string, number> }>(
      admin,
      '/api/vitrine/analytics/funnel',
    );
    expect(funnel.steps).toEqual({
      visits: 4,
      productViewers: 2,
      addedToCart: 1,
      reachedCheckout: 1,
      purchases: 2,
    });
    const summary = await read<{ days: { visits: number; purchases: number }[] }>(
      admin,
      '/api/vitrine/analytics/summary',
    );
    expect(summary.days).toHaveLength(1);
    expect(summary.days[0]).toMatchObject({ visits: 4, purchases: 2 });

    const sales = await read<{
      currency: string;
      days: { date: string; orders: number; revenue: number }[];
      topProducts: { productId: string; orders: number; units: number; revenue: number }[];
    }>(admin, '/api/vitrine/analytics/sales');
    const revenue = orders.reduce((sum, order) => sum + order.grandTotalCents, 0);
    expect(sales.days).toEqual([{ date: today, orders: 2, revenue }]);
    expect(sales.topProducts).toMatchObject([
      { productId: 'linen-shirt', title: 'Linen Shirt', orders: 1, units: 2, revenue: 2 * 6_800 },
      { productId: 'field-notebook', orders: 1, units: 1, revenue: ITEMS.notebook.price },
    ]);

    const dashboard = (
      await admin.inject({ url: '/api/vitrine/owner/dashboard?period=today' })
    ).json<{
      metrics: Record<string, { value: number }>;
      days: { orders: number; visits: number }[];
      latestOrders: { number: number; paymentStatus: string }[];
    }>();
    expect(dashboard.metrics.orders?.value).toBe(2);
    expect(dashboard.metrics.visits?.value).toBe(4);
    expect(dashboard.metrics.revenue?.value).toBe(revenue);
    expect(dashboard.metrics.conversionRate?.value).toBe(0.5);
    expect(dashboard.days).toEqual([{ date: today, visits: 4, orders: 2 }]);
    expect(dashboard.latestOrders.map((order) => order.number)).toEqual(
      orders.map((order) => order.number).reverse(),
    );
  });

  it('shows revenue only to roles that read orders, as the dashboard does', async () => {
    const refused = await reporting.inject({ url: '/api/vitrine/analytics/sales' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('OWNER_FORBIDDEN');
    await read(reporting, '/api/vitrine/analytics/referrers');
    for (const path of ['referrers', 'devices', 'searches', 'forms', 'sales']) {
      const response = await editor.inject({ url: `/api/vitrine/analytics/${path}` });
      expect(response.statusCode, path).toBe(403);
    }
  });

  it('refuses a malformed range with the field named, for every new report', async () => {
    for (const path of ['referrers', 'devices', 'searches', 'forms', 'sales']) {
      const response = await admin.inject({ url: `/api/vitrine/analytics/${path}?from=3%20May` });
      expect(response.statusCode, path).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { from: 'from must be a date such as 2026-11-01' },
      });
    }
  });
});

describe('site health reports', () => {
  it('gives the p75 of each vital per day, every day of the range', async () => {
    const yesterday = new Date(Date.parse(today) - 86_400_000).toISOString().slice(0, 10);
    const response = await admin.inject({
      url: `/api/vitrine/telemetry/page-speed?from=${yesterday}&to=${today}`,
    });
    const { days, pageTypes } = response.json<{
      days: { date: string; records: number; lcpMs: number | null; cls: number | null }[];
      pageTypes: { pageType: number; records: number; lcpMs: number }[];
    }>();
    expect(days).toEqual([
      {
        date: yesterday,
        records: 0,
        lcpMs: null,
        cls: null,
        inpMs: null,
        fcpMs: null,
        ttfbMs: null,
      },
      { date: today, records: 4, lcpMs: 3200, cls: 0.02, inpMs: null, fcpMs: null, ttfbMs: null },
    ]);
    expect(pageTypes).toMatchObject([{ pageType: 50, records: 4, lcpMs: 3200 }]);
  });

  it("shows each error group's latest stack and page as its sample", async () => {
    const { groups } = await read<{ groups: Record<string, unknown>[] }>(
      admin,
      '/api/vitrine/telemetry/errors',
    );
    expect(groups).toMatchObject([
      {
        message: 'x is undefined',
        count: 2,
        sampleStack: 'at render (app.js:1:2)\nat newest',
        samplePage: '/shop',
      },
    ]);
  });

  it('lists a slow page type and the new error group among failing things', async () => {
    const dashboard = (
      await admin.inject({ url: '/api/vitrine/owner/dashboard?period=today' })
    ).json<{ failing: { newErrorGroups: { message: string }[]; slowPageTypes: unknown[] } }>();
    expect(dashboard.failing.slowPageTypes).toEqual([{ pageType: '50', lcpMs: 3200 }]);
    expect(dashboard.failing.newErrorGroups.map((group) => group.message)).toEqual([
      'x is undefined',
    ]);
  });
});

describe('every order counted is the site’s', () => {
  it('leaves out orders in another currency from sales and the dashboard alike', async () => {
    const { db } = harness.database;
    const third = await placeTestOrder(harness, [{ item: ITEMS.shirtM, quantity: 1 }]);
    await db.update(schema.orders).set({ currency: 'EUR' }).where(eq(schema.orders.id, third.id));
    const sales = await read<{ days: { orders: number }[] }>(admin, '/api/vitrine/analytics/sales');
    expect(sales.days[0]?.orders).toBe(2);
    const dashboard = (
      await admin.inject({ url: '/api/vitrine/owner/dashboard?period=today' })
    ).json<{ metrics: { orders: { value: number } } }>();
    expect(dashboard.metrics.orders.value).toBe(2);
  });
});
