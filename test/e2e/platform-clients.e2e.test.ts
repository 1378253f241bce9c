/**
 * The platform clients in Chromium against the real app (issue #10): a page view's census hit,
 * storefront events and page-speed record reach the database with every tracking call answered
 * 202, a thrown error reaches the error endpoint, and on a site with the restrictive cookie
 * policy no ss_* cookie is set until the visitor accepts the banner.
 */
import { and, eq } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { analyticsEvents } from '../../src/server/db/schema-analytics.ts';
import { pageSpeedRecords, scriptErrors } from '../../src/server/db/schema-telemetry.ts';
import { loadClientAssets, type ClientAssets } from '../../src/server/render/client-assets.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { connectChromium } from '../helpers/chromium.ts';

const OWNER_TOKEN = 'e2e-owner-token-that-is-long-enough-0123456789';
const SITE = 'vitrine-demo';
const PRODUCT_PATH = '/shop/p/linen-shirt';
const TRACKING_PATHS = /\/api\/(census|events|v1\/clanker|1\/performance)\//;

let assets: ClientAssets;
let browser: Browser;

beforeAll(async () => {
  assets = await loadClientAssets();
  browser = await connectChromium(inject('chromiumEndpoint'));
});

afterAll(async () => {
  await browser?.close();
});

async function startApp(): Promise<{ harness: TestApp; origin: string }> {
  const harness = await createTestApp({
    assets,
    env: { OWNER_TOKEN },
    rateLimit: { max: 1_000_000, timeWindowMs: 60_000 },
  });
  const origin = await harness.app.listen({ port: 0, host: '127.0.0.1' });
  return { harness, origin };
}

/**
 * A fresh visitor. Every tracking call is collected by path, with any answer other than 202 and
 * its body as a refusal; console warnings are collected too.
 */
async function visitor(): Promise<{
  context: BrowserContext;
  page: Page;
  statuses: Map<string, number[]>;
  refusals: string[];
  warnings: string[];
}> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const statuses = new Map<string, number[]>();
  const refusals: string[] = [];
  const warnings: string[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (!TRACKING_PATHS.test(pathname) || pathname.endsWith('/settings')) return;
    statuses.set(pathname, [...(statuses.get(pathname) ?? []), response.status()]);
    if (response.status() !== 202)
      void response
        .text()
        .then((body) => refusals.push(`${pathname} ${response.status()} ${body}`))
        .catch(() => refusals.push(`${pathname} ${response.status()}`));
  });
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  return { context, page, statuses, refusals, warnings };
}

describe('a page view on the demo store', () => {
  let harness: TestApp;
  let origin: string;

  beforeAll(async () => {
    ({ harness, origin } = await startApp());
    // The owner turns the collector's four rollout flags on (they default to false).
    const put = await harness.app.inject({
      method: 'PUT',
      url: '/api/vitrine/telemetry/performance-settings',
      headers: { authorization: `Bearer ${OWNER_TOKEN}` },
      payload: {
        flags: {
          rum: true,
          'website-app': true,
          'track-page-speed': true,
          'track-user-timing': true,
        },
      },
    });
    expect(put.statusCode).toBe(200);
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('records the census hit, the product events and the page-speed record', async () => {
    const { context, page, refusals, warnings } = await visitor();
    const hit = page.waitForResponse((response) =>
      response.url().endsWith('/api/census/RecordHit'),
    );
    const events = page.waitForResponse((response) =>
      response.url().endsWith('/api/v1/clanker/events'),
    );
    // The collector is fetched after the load event, when the page is idle; it asks for its
    // settings as it starts.
    const collectorSettings = page.waitForResponse((response) =>
      response.url().endsWith('/api/1/performance/settings'),
    );
    await page.goto(`${origin}${PRODUCT_PATH}`);
    await Promise.all([hit, events, collectorSettings]);
    await page.waitForLoadState('networkidle');
    expect(refusals).toEqual([]);
    await page.evaluate(() => {
      performance.mark('rum-e2e-start');
      performance.measure('rum-e2e-step', 'rum-e2e-start');
    });
    const cookies = Object.fromEntries(
      (await context.cookies()).map((cookie) => [cookie.name, cookie]),
    );
    expect(cookies.ss_cvr?.value).toMatch(/^[0-9a-f]{32}$/);
    expect(cookies.ss_cid?.value).toMatch(/^[0-9a-f]{32}$/);
    expect(cookies.ss_cvisit?.value).toBe('1');
    // The collector sends its record when the page goes away.
    const records = page.waitForRequest((request) =>
      request.url().endsWith('/api/1/performance/records'),
    );
    await page.goto(`${origin}/shop`);
    await records;

    const db = harness.database.db;
    await expect
      .poll(
        async () =>
          (
            await db
              .select({ kind: analyticsEvents.kind, source: analyticsEvents.source })
              .from(analyticsEvents)
              .where(
                and(eq(analyticsEvents.siteId, SITE), eq(analyticsEvents.pagePath, PRODUCT_PATH)),
              )
          ).map((row) => `${row.source}:${row.kind}`),
        { timeout: 10_000 },
      )
      .toEqual(expect.arrayContaining(['census:page_view', 'event-v2:product_view']));
    const [hitRow] = await db
      .select()
      .from(analyticsEvents)
      .where(
        and(eq(analyticsEvents.kind, 'page_view'), eq(analyticsEvents.pagePath, PRODUCT_PATH)),
      );
    expect(hitRow?.visitorId).toBe(cookies.ss_cvr?.value);
    expect(hitRow?.data).toMatchObject({ websiteId: SITE, pageType: 50, itemId: 'linen-shirt' });

    await expect
      .poll(
        async () =>
          (
            await db
              .select({ path: pageSpeedRecords.path, record: pageSpeedRecords.record })
              .from(pageSpeedRecords)
              .where(eq(pageSpeedRecords.siteId, SITE))
          ).map((row) => row.path),
        { timeout: 10_000 },
      )
      .toContain(PRODUCT_PATH);
    const [speed] = await db
      .select()
      .from(pageSpeedRecords)
      .where(eq(pageSpeedRecords.path, PRODUCT_PATH));
    expect(speed?.record).toMatchObject({
      context: { websiteId: SITE, pageType: 50, language: 'en-US' },
      identity: { path: PRODUCT_PATH, analyticsId: cookies.ss_cid?.value },
      deliveryType: 'beacon',
      collectorVersion: '1.0.0',
      timings: { responseStart: expect.any(Number), firstContentfulPaint: expect.any(Number) },
      userTimings: [expect.objectContaining({ name: 'rum-e2e-step' })],
    });
    expect(speed?.ttfbMs).toEqual(expect.any(Number));
    // The same vitals went out as a v2 Performance event, accepted and stored.
    await expect
      .poll(
        async () =>
          (
            await db
              .select({ data: analyticsEvents.data })
              .from(analyticsEvents)
              .where(
                and(
                  eq(analyticsEvents.source, 'event-v2'),
                  eq(analyticsEvents.eventName, 'Performance'),
                ),
              )
          ).map((row) => (row.data as { page_path?: string }).page_path),
        { timeout: 10_000 },
      )
      .toContain(PRODUCT_PATH);

    expect(refusals).toEqual([]);
    expect(warnings).toEqual([]);
    await context.close();
  });

  it("records the product form's add to cart with its item, variant and cart fields", async () => {
    const { context, page, refusals } = await visitor();
    await page.goto(`${origin}${PRODUCT_PATH}`);
    await page.waitForSelector('vitrine-island[data-island="ProductForm"][data-hydrated="true"]');
    await page.selectOption('#product-option-0', 'M');
    await page.selectOption('#product-option-1', 'Sand');
    const added = page.waitForRequest(
      (request) =>
        request.url().endsWith('/api/v1/clanker/events') &&
        (request.postData() ?? '').includes('add+to+cart'),
    );
    await page.click('button.product-add');
    await added;
    await expect
      .poll(
        async () =>
          (
            await harness.database.db
              .select({ data: analyticsEvents.data })
              .from(analyticsEvents)
              .where(and(eq(analyticsEvents.siteId, SITE), eq(analyticsEvents.kind, 'add_to_cart')))
          ).map((row) => row.data),
        { timeout: 10_000 },
      )
      .toEqual([
        expect.objectContaining({
          event_name: 'add to cart',
          item_id: 'linen-shirt',
          item_title: 'Linen Shirt',
          item_quantity: 1,
          num_items_in_cart: 1,
          item_variant_object: expect.objectContaining({ sku: expect.any(String) }),
        }),
      ]);
    expect(refusals).toEqual([]);
    await context.close();
  });

  it('sends no page-view hit on the search page, and none on the not-found page', async () => {
    const { context, page, statuses } = await visitor();
    const search = page.waitForResponse((response) =>
      response.url().endsWith('/api/events/RecordEvent'),
    );
    await page.goto(`${origin}/search?q=linen`);
    expect((await search).status()).toBe(202);
    await page.goto(`${origin}/no-such-page`);
    await page.waitForLoadState('networkidle');
    expect(statuses.get('/api/census/RecordHit')).toBeUndefined();
    await context.close();
  });

  it('reports an error thrown in the page to the error endpoint', async () => {
    const { context, page } = await visitor();
    await page.goto(`${origin}/`);
    // The page's scripts start after its first paint and run in order, the error reporter
    // before the island loader: an island hydrated means the reporter is listening.
    await page.waitForSelector('vitrine-island[data-hydrated="true"]', { state: 'attached' });
    const sent = page.waitForResponse((response) =>
      response.url().endsWith('/api/events/RecordJavascriptErrors'),
    );
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('e2e boom');
      }, 0);
    });
    expect((await sent).status()).toBe(202);
    await expect
      .poll(
        async () =>
          (
            await harness.database.db
              .select({ message: scriptErrors.message, pageUrl: scriptErrors.pageUrl })
              .from(scriptErrors)
              .where(eq(scriptErrors.siteId, SITE))
          ).map((row) => row.message),
        { timeout: 10_000 },
      )
      .toContain('Error: e2e boom');
    await context.close();
  });
});

describe('a site with the restrictive cookie policy', () => {
  let harness: TestApp;
  let origin: string;

  beforeAll(async () => {
    ({ harness, origin } = await startApp());
    // Before the first request, so the site is first read with the policy on.
    await harness.database.db.execute(
      sql`update sites set settings = jsonb_set(settings, '{cookieSettings}',
        '{"isCookieBannerEnabled": true, "isRestrictiveCookiePolicyEnabled": true}'::jsonb)
        where id = ${SITE}`,
    );
  });

  afterAll(async () => {
    await harness?.close();
  });

  const trackingCookies = async (context: BrowserContext) =>
    (await context.cookies()).map((cookie) => cookie.name).filter((name) => name.startsWith('ss_'));

  it('sets no ss_* cookie until the visitor accepts, then follows the answer', async () => {
    const { context, page } = await visitor();
    const hit = page.waitForResponse((response) =>
      response.url().endsWith('/api/census/RecordHit'),
    );
    await page.goto(`${origin}${PRODUCT_PATH}`);
    expect((await hit).status()).toBe(202);
    await page.goto(`${origin}/shop`);
    expect(await trackingCookies(context)).toEqual([]);

    await page.getByRole('button', { name: 'Decline' }).click();
    expect(await trackingCookies(context)).toEqual([]);
    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('button', { name: 'Accept' }).count()).resolves.toBe(0);
    expect(await trackingCookies(context)).toEqual([]);
    await context.close();

    const second = await visitor();
    await second.page.goto(`${origin}/shop`);
    await second.page.getByRole('button', { name: 'Accept' }).click();
    await expect
      .poll(() => trackingCookies(second.context))
      .toEqual(expect.arrayContaining(['ss_cvr', 'ss_cid', 'ss_cvisit', 'ss_cvt', 'ss_cpvisit']));
    await second.context.close();
  });
});
