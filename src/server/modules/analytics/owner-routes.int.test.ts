import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/helpers/app.ts';
import type { Visitor } from '../../../../test/helpers/session.ts';
import { loginOwner } from '../../../../test/helpers/site-users.ts';
import { WEBSITE_ROLES } from '../../../shared/roles.ts';
import { analyticsEvents } from '../../db/schema-analytics.ts';
import { rebuildDailyRollup } from './daily-rollup.ts';
import type { AnalyticsRow } from './event-store.ts';
import {
  createTelemetryTestApp,
  form,
  FORM_TYPE,
  ownerHeaders,
  rowCount,
  siteId,
  siteToday,
} from './testing/telemetry-app.ts';

let harness: TestApp;
let site: string;

// The demo site's time zone decides the days; rows are placed at noon UTC so that any zone
// within ±11 h keeps them on the same calendar day.
const at = (day: string, hour = 12, minute = 0) =>
  new Date(`${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`);

function row(
  partial: Partial<AnalyticsRow> & Pick<AnalyticsRow, 'kind' | 'occurredAt'>,
): AnalyticsRow {
  return {
    siteId: site,
    source: 'census',
    eventName: partial.kind,
    visitorId: 'v1',
    pagePath: '/',
    productId: null,
    data: {},
    ...partial,
  };
}

beforeAll(async () => {
  // Batches of 3 rows: 7 hits are written as 3 + 3 + 1 through the unnest INSERT.
  harness = await createTelemetryTestApp({ TELEMETRY_BATCH_ROWS: '3' });
  site = await siteId(harness);
  await harness.database.db.insert(analyticsEvents).values([
    // Visitor v1: two page views 10 minutes apart (one visit), then one 40 minutes later (a second visit).
    row({ kind: 'page_view', occurredAt: at('2026-03-01', 12, 0), pagePath: '/' }),
    row({ kind: 'page_view', occurredAt: at('2026-03-01', 12, 10), pagePath: '/shop' }),
    row({ kind: 'page_view', occurredAt: at('2026-03-01', 12, 50), pagePath: '/shop' }),
    row({
      kind: 'product_view',
      occurredAt: at('2026-03-01', 12, 51),
      productId: 'p1',
      source: 'event-v0',
    }),
    row({
      kind: 'add_to_cart',
      occurredAt: at('2026-03-01', 12, 52),
      productId: 'p1',
      source: 'event-v0',
    }),
    // Visitor v2: one page view, a quick view; buys the next day.
    row({
      kind: 'page_view',
      occurredAt: at('2026-03-01', 13),
      visitorId: 'v2',
      pagePath: '/shop',
    }),
    row({
      kind: 'quick_view',
      occurredAt: at('2026-03-01', 13, 1),
      visitorId: 'v2',
      productId: 'p2',
    }),
    row({
      kind: 'purchase',
      occurredAt: at('2026-03-02'),
      visitorId: 'v2',
      productId: 'p2',
      source: 'event-v2',
    }),
    row({
      kind: 'purchase',
      occurredAt: at('2026-03-02', 12, 1),
      visitorId: 'v2',
      productId: 'p2',
      source: 'event-v2',
    }),
    // Outside the range.
    row({ kind: 'page_view', occurredAt: at('2026-02-27'), visitorId: 'v3' }),
  ]);
  // Rows stored around ingestion reach the reports once the rollup is rebuilt from them.
  await rebuildDailyRollup(harness.database.db, site);
});
afterAll(() => harness.close());

/** A visitor logged in as an owner of this role. */
const ownerVisitor = (email: string, role: number): Promise<Visitor> =>
  loginOwner(harness.app, harness.database.db, email, role);

const get = (url: string, headers: Record<string, string> = ownerHeaders) =>
  harness.app.inject({ method: 'GET', url, headers });

describe('owner analytics API', () => {
  it('needs the owner token: none, a wrong one, or a non-bearer header is a 401', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer wrong' },
      { authorization: ownerHeaders.authorization.replace('Bearer ', 'Basic ') },
    ]) {
      const response = await get(
        '/api/vitrine/analytics/summary?from=2026-03-01&to=2026-03-02',
        headers,
      );
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: { code: 'OWNER_UNAUTHORIZED', message: 'Owner authentication is required.' },
      });
    }
  });

  it('is closed to everyone when OWNER_TOKEN is not configured', async () => {
    const closed = await createTelemetryTestApp({ OWNER_TOKEN: '' });
    try {
      const response = await closed.app.inject({
        url: '/api/vitrine/analytics/ingestion',
        headers: ownerHeaders,
      });
      expect(response.statusCode).toBe(401);
    } finally {
      await closed.close();
    }
  });

  it('summary: visits (30-minute gap), unique visitors, page views, product views, cart adds, purchases per day', async () => {
    const response = await get('/api/vitrine/analytics/summary?from=2026-02-28&to=2026-03-02');
    expect(response.statusCode).toBe(200);
    expect(response.json().days).toEqual([
      {
        date: '2026-02-28',
        visits: 0,
        uniqueVisitors: 0,
        pageViews: 0,
        productViews: 0,
        quickViews: 0,
        addToCart: 0,
        purchases: 0,
      },
      {
        date: '2026-03-01',
        visits: 3,
        uniqueVisitors: 2,
        pageViews: 4,
        productViews: 1,
        quickViews: 1,
        addToCart: 1,
        purchases: 0,
      },
      {
        date: '2026-03-02',
        visits: 0,
        uniqueVisitors: 1,
        pageViews: 0,
        productViews: 0,
        quickViews: 0,
        addToCart: 0,
        purchases: 2,
      },
    ]);
  });

  it('funnel: distinct visitors reaching each step per day', async () => {
    const response = await get('/api/vitrine/analytics/funnel?from=2026-03-01&to=2026-03-02');
    expect(response.json().days).toEqual([
      { date: '2026-03-01', productViewers: 2, addedToCart: 1, purchased: 0, purchases: 0 },
      { date: '2026-03-02', productViewers: 0, addedToCart: 0, purchased: 1, purchases: 2 },
    ]);
  });

  it('pages and products', async () => {
    const pages = await get('/api/vitrine/analytics/pages?from=2026-03-01&to=2026-03-02');
    expect(pages.json().pages).toEqual([
      { path: '/shop', pageViews: 3, uniqueVisitors: 2 },
      { path: '/', pageViews: 1, uniqueVisitors: 1 },
    ]);
    const products = await get('/api/vitrine/analytics/products?from=2026-03-01&to=2026-03-02');
    expect(products.json().products).toEqual([
      { productId: 'p2', productViews: 0, quickViews: 1, addToCart: 0, purchases: 2 },
      { productId: 'p1', productViews: 1, quickViews: 0, addToCart: 1, purchases: 0 },
    ]);
  });

  it('validates the range, each refusal worded for a person, with the catalog shape', async () => {
    const cases: Array<[string, string, string]> = [
      ['from=03/01/2026&to=2026-03-02', 'from', 'from must be a date such as 2026-11-01'],
      ['from=2026-03-01&to=tomorrow', 'to', 'to must be a date such as 2026-11-30'],
      ['from=2026-02-30&to=2026-03-02', 'from', 'from must be a date such as 2026-11-01'],
      ['from=2026-03-01&from=2026-03-02', 'from', 'from must be a date such as 2026-11-01'],
      ['from=2026-03-05&to=2026-03-01', 'from', 'from must not be after to'],
      [
        'from=2025-01-01&to=2026-03-01',
        'to',
        'A report covers at most 366 days: choose a later from or an earlier to',
      ],
    ];
    for (const url of ['summary', 'funnel', 'pages', 'products']) {
      for (const [query, field, message] of cases) {
        const response = await get(`/api/vitrine/analytics/${url}?${query}`);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          error: {
            code: 'VALIDATION_FAILED',
            message: `${message}.`,
            fields: { [field]: message },
          },
        });
      }
    }
  });

  it('without from and to, every report covers the last 30 days ending today in the site time zone', async () => {
    const today = await siteToday(harness);
    const first = new Date(Date.parse(today) - 29 * 86_400_000).toISOString().slice(0, 10);
    for (const url of ['summary', 'funnel', 'pages', 'products']) {
      const response = await get(`/api/vitrine/analytics/${url}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ from: first, to: today });
    }
    const summary = (await get('/api/vitrine/analytics/summary')).json();
    expect(summary.days).toHaveLength(30);
    expect(summary.days[0].date).toBe(first);
    expect(summary.days[29].date).toBe(today);
    // Only `from`: it ends today. Only `to`: the 30 days ending then.
    expect((await get(`/api/vitrine/analytics/funnel?from=${first}`)).json()).toMatchObject({
      from: first,
      to: today,
    });
    expect((await get('/api/vitrine/analytics/funnel?to=2026-03-02')).json()).toMatchObject({
      from: '2026-02-01',
      to: '2026-03-02',
    });
  });

  it('hits accepted through the API show up once flushed, in full batches and a remainder', async () => {
    const before = await rowCount(harness, analyticsEvents);
    const todayViews = async () => {
      const today = await siteToday(harness);
      const summary = await get(`/api/vitrine/analytics/summary?from=${today}&to=${today}`);
      return summary.json<{ days: { pageViews: number }[] }>().days[0]?.pageViews;
    };
    const viewsBefore = await todayViews();
    for (let index = 0; index < 7; index += 1) {
      const response = await harness.app.inject({
        method: 'POST',
        url: '/api/census/RecordHit',
        headers: { 'content-type': FORM_TYPE },
        cookies: { ss_cvr: `visitor-${index}` },
        payload: form({ event: 'view', data: JSON.stringify({ pagePath: `/p/${index}` }) }),
      });
      expect(response.statusCode).toBe(202);
    }
    expect(await rowCount(harness, analyticsEvents)).toBe(before + 7);
    // The batches added to the daily rollup as they were written: the report counts them.
    expect(await todayViews()).toBe((viewsBefore ?? 0) + 7);
    const today = await siteToday(harness);
    const ingestion = await get('/api/vitrine/analytics/ingestion');
    expect(ingestion.json()).toMatchObject({
      accepted: { '/api/census/RecordHit': 7 },
      writers: { analytics_events: { buffered: 0, written: 7, dropped: 0 } },
    });
    const summary = await get(`/api/vitrine/analytics/summary?from=${today}&to=${today}`);
    expect(summary.statusCode).toBe(200);
  });

  it("lets a logged-in owner whose role allows 'analytics:read' read reports; other roles get 403", async () => {
    const reporting = await ownerVisitor('reporting@example.com', WEBSITE_ROLES.REPORTING);
    const url = '/api/vitrine/analytics/summary?from=2026-03-01&to=2026-03-01';
    expect((await reporting.inject({ url })).statusCode).toBe(200);
    expect(
      (
        await reporting.inject({
          url: '/api/vitrine/telemetry/errors?from=2026-03-01&to=2026-03-01',
        })
      ).statusCode,
    ).toBe(200);
    const commenter = await ownerVisitor('commenter@example.com', WEBSITE_ROLES.COMMENTER);
    const refused = await commenter.inject({ url });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('OWNER_FORBIDDEN');
    // Reporting may read but not change the page-speed rollout flags ('settings:edit').
    const put = await reporting.inject({
      method: 'PUT',
      url: '/api/vitrine/telemetry/performance-settings',
      payload: { flags: { rum: true } },
    });
    expect(put.statusCode).toBe(403);
  });

  it("an admin's change of the rollout flags needs the session's CSRF token", async () => {
    const admin = await ownerVisitor('admin@example.com', WEBSITE_ROLES.ADMIN);
    const request = {
      method: 'PUT' as const,
      url: '/api/vitrine/telemetry/performance-settings',
      payload: { flags: { rum: true } },
    };
    const withoutToken = await admin.inject({ ...request, csrf: false });
    expect(withoutToken.statusCode).toBe(403);
    expect(withoutToken.json().error.code).toBe('SESSION_EXPIRED');
    const withToken = await admin.inject(request);
    expect(withToken.statusCode).toBe(200);
    expect(withToken.json().flags).toMatchObject({ rum: true });
  });
});
