/**
 * The daily rollup gives every owner report exactly what counting the raw rows gave
 * (docs/adr/015-analytics-daily-rollup.md): rows of every kind, with and without visitors,
 * widths, keywords, forms and the checkout page, spread over days and across the site's
 * midnight, written by two writers at once (two processes ingesting), then read back for
 * several ranges beside the raw-row reports of testing/. Runs of page views minutes apart (visits,
 * some across a range's first midnight) land in different batches out of time order, so a view
 * written late must end the start of the view after it. Rebuilding the rollup from the raw rows
 * (the migration's backfill) gives the same table, and an import that changes the site's time
 * zone moves every row to the new zone's days. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TestApp } from '../../../../test/helpers/app.ts';
import { analyticsDaily } from '../../db/schema-analytics-daily.ts';
import { analyticsEvents } from '../../db/schema-analytics.ts';
import { sites } from '../../db/schema.ts';
import { DEMO_SITE_FILE, demoImport, readSiteFile } from '../../main.ts';
import { importSite } from '../site-import/index.ts';
import { rebuildDailyRollup } from './daily-rollup.ts';
import { createAnalyticsWriter, type AnalyticsRow } from './event-store.ts';
import {
  countsByProduct,
  dailyFunnel,
  dailySummary,
  funnelSteps,
  pageViewsByPage,
} from './report-queries.ts';
import type { ReportRange } from './report-range.ts';
import {
  formConversions,
  searchKeywords,
  visitorsByDevice,
  visitsByReferrer,
} from './traffic-queries.ts';
import { rowsOf, visitsContinuedIntoRange } from './visit-rollup.ts';
import * as raw from './testing/raw-report-queries.ts';
import * as rawTraffic from './testing/raw-traffic-queries.ts';
import { createTelemetryTestApp, siteId } from './testing/telemetry-app.ts';

let harness: TestApp;
let site: string;
let timeZone: string;

const KINDS = [
  'page_view',
  'page_view',
  'page_view',
  'product_view',
  'quick_view',
  'add_to_cart',
  'form_render',
  'other',
  'button_click',
] as const;
const WIDTHS: unknown[] = [320, 599, 600, 1023, 1024, 1920, '800', null, undefined, 0.5];
const KEYWORDS = ['Linen ', 'linen', '  ', 'SHIRT', 'shirt', undefined];
const OWN_HOST = 'shop.example';
const REFERRERS = [
  'https://www.Search.example/q?x=1',
  'https://search.example',
  'https://shop.example/shop',
  'not a url',
  undefined,
  undefined,
];

/** A small deterministic generator, so a failure is the same on every run. */
function generator(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % n;
  };
}

/** `count` rows over ten days from 2026-03-01, every minute of a day possible. */
function rows(count: number): AnalyticsRow[] {
  const pick = generator(7);
  const start = Date.parse('2026-03-01T00:00:00Z');
  return Array.from({ length: count }, () => {
    const kind = KINDS[pick(KINDS.length)] ?? 'page_view';
    const visitor = pick(10) === 0 ? null : `v${pick(40)}`;
    const width = WIDTHS[pick(WIDTHS.length)];
    const keyword = KEYWORDS[pick(KEYWORDS.length)];
    const data: Record<string, unknown> = {};
    if (width !== undefined) data.screenWidth = width;
    const referrer = REFERRERS[pick(REFERRERS.length)];
    if (kind === 'page_view' && referrer !== undefined) data.referrer = referrer;
    if (kind === 'page_view' && pick(8) === 0) data.pageType = 201;
    if (kind === 'other' && keyword !== undefined) data.search_string = keyword;
    if (kind === 'form_render' && pick(5) !== 0) data.formId = `form-${pick(3)}`;
    return {
      siteId: site,
      source: 'census',
      kind,
      eventName: kind === 'other' ? (pick(3) === 0 ? 'Other' : 'Search') : kind,
      visitorId: visitor,
      pagePath: pick(12) === 0 ? null : (['/', '/shop', '/checkout', '/about'][pick(4)] ?? '/'),
      productId: pick(6) === 0 ? null : `p${pick(5)}`,
      occurredAt: new Date(start + pick(10 * 1440) * 60_000 + pick(60) * 1000),
      data,
    } satisfies AnalyticsRow;
  });
}

/**
 * Runs of one visitor's page views 1 to 40 minutes apart (a gap over 30 starts another visit),
 * half of them starting just before a local midnight where a range begins.
 */
function visitRuns(count: number, midnights: readonly number[]): AnalyticsRow[] {
  const pick = generator(11);
  const start = Date.parse('2026-03-01T00:00:00Z');
  return Array.from({ length: count }).flatMap((_, run) => {
    let at =
      run % 2 === 0
        ? (midnights[pick(midnights.length)] ?? start) - pick(40) * 60_000
        : start + pick(10 * 1440) * 60_000;
    return Array.from({ length: 2 + pick(5) }, () => {
      at += (1 + pick(40)) * 60_000;
      const referrer = REFERRERS[pick(REFERRERS.length)];
      return {
        siteId: site,
        source: 'census',
        kind: 'page_view',
        eventName: 'page_view',
        visitorId: `run${pick(12)}`,
        pagePath: '/shop',
        productId: null,
        occurredAt: new Date(at),
        data: referrer === undefined ? {} : { referrer },
      } satisfies AnalyticsRow;
    });
  });
}

/** `runs` spread through `rows` at positions of a fixed generator: written out of time order. */
function interleave(rows: AnalyticsRow[], runs: readonly AnalyticsRow[]): AnalyticsRow[] {
  const pick = generator(13);
  const all = [...rows];
  for (const row of runs) all.splice(pick(all.length + 1), 0, row);
  return all;
}

const RANGES: ReportRange[] = [
  { from: '2026-02-28', to: '2026-03-11' },
  { from: '2026-03-03', to: '2026-03-06' },
  { from: '2026-03-05', to: '2026-03-05' },
];

async function rollupContents() {
  return harness.database.db
    .select()
    .from(analyticsDaily)
    .where(eq(analyticsDaily.siteId, site))
    .orderBy(
      asc(analyticsDaily.metric),
      asc(analyticsDaily.day),
      asc(analyticsDaily.key),
      asc(analyticsDaily.visitorId),
    );
}

beforeAll(async () => {
  // Small batches, so the rows land in many of them; a drain budget long enough that the
  // writers' queue bound (backpressure, tested in backpressure.int.test.ts) takes every row.
  harness = await createTelemetryTestApp({
    TELEMETRY_BATCH_ROWS: '37',
    TELEMETRY_DRAIN_MS: '600000',
  });
  site = await siteId(harness);
  const [settings] = await harness.database.db.select({ s: sites.settings }).from(sites);
  timeZone = settings?.s.timeZone ?? 'UTC';
  const log = harness.app.log;
  const writers = [1, 2].map(() => createAnalyticsWriter(harness.database, harness.config, log));
  const midnights = await Promise.all(
    RANGES.map(async (range) => {
      const result = await harness.database.db.execute(
        sql`select extract(epoch from (${range.from}::date::timestamp at time zone ${timeZone}))::float8 as at`,
      );
      return Number(rowsOf(result, z.object({ at: z.number() }))[0]?.at) * 1000;
    }),
  );
  const all = interleave(rows(1_500), visitRuns(120, midnights));
  // Two writers take alternate rows and write at once: the same keys are upserted concurrently.
  const taken = writers.map((writer, index) => writer.add(all.filter((_, i) => i % 2 === index)));
  expect(taken).toEqual([true, true]);
  await Promise.all(writers.map((writer) => writer.flush()));
  expect(await harness.database.db.$count(analyticsEvents)).toBe(all.length);
}, 120_000);

afterAll(async () => {
  await harness.close();
});

describe('the daily rollup', () => {
  it('answers every report as the raw rows do', async () => {
    const { db } = harness.database;
    for (const range of RANGES) {
      expect(await dailySummary(db, site, range, timeZone)).toEqual(
        await raw.dailySummary(db, site, range, timeZone),
      );
      expect(await dailyFunnel(db, site, range, timeZone)).toEqual(
        await raw.dailyFunnel(db, site, range, timeZone),
      );
      expect(await funnelSteps(db, site, range, timeZone)).toEqual(
        await raw.funnelSteps(db, site, range, timeZone),
      );
      expect(await pageViewsByPage(db, site, range)).toEqual(
        await raw.pageViewsByPage(db, site, range, timeZone),
      );
      expect(await countsByProduct(db, site, range, timeZone)).toEqual(
        await raw.countsByProduct(db, site, range, timeZone),
      );
      expect(await visitsByReferrer(db, site, range, timeZone, OWN_HOST)).toEqual(
        await rawTraffic.visitsByReferrer(db, site, range, timeZone, OWN_HOST),
      );
      expect(await visitorsByDevice(db, site, range)).toEqual(
        await rawTraffic.visitorsByDevice(db, site, range, timeZone),
      );
      expect(await searchKeywords(db, site, range)).toEqual(
        await rawTraffic.searchKeywords(db, site, range, timeZone),
      );
      expect(await formConversions(db, site, range, timeZone)).toEqual(
        await rawTraffic.formConversions(db, site, range, timeZone),
      );
    }
  });

  it('counts something in every report, so the comparison above is not of empty answers', async () => {
    const { db } = harness.database;
    const range = RANGES[0] as ReportRange;
    const steps = await funnelSteps(db, site, range, timeZone);
    expect(steps.productViewers).toBeGreaterThan(0);
    expect(steps.reachedCheckout).toBeGreaterThan(0);
    expect((await searchKeywords(db, site, range)).map((row) => row.keyword).sort()).toEqual([
      'linen',
      'shirt',
    ]);
    const devices = await visitorsByDevice(db, site, range);
    expect(devices.every((row) => row.pageViews > 0)).toBe(true);
    expect((await formConversions(db, site, range, timeZone)).length).toBe(3);
    expect(
      (await visitsByReferrer(db, site, range, timeZone, OWN_HOST)).map((row) => row.source).sort(),
    ).toEqual(['Direct', 'search.example']);
    for (const later of RANGES.slice(1)) {
      expect((await visitsContinuedIntoRange(db, site, later, timeZone)).length).toBeGreaterThan(0);
    }
  });

  it('is rebuilt from the raw rows into exactly what ingestion wrote', async () => {
    const written = await rollupContents();
    expect(written.length).toBeGreaterThan(0);
    await rebuildDailyRollup(harness.database.db, site);
    expect(await rollupContents()).toEqual(written);
  });

  it("follows the site's days when an import changes its time zone", async () => {
    const { db } = harness.database;
    const before = await rollupContents();
    const file = z
      .looseObject({ website: z.looseObject({}) })
      .parse(await readSiteFile(DEMO_SITE_FILE));
    const zone = timeZone === 'Pacific/Auckland' ? 'America/Los_Angeles' : 'Pacific/Auckland';
    await importSite(
      harness.database,
      { ...file, website: { ...file.website, timeZone: zone } },
      demoImport(harness.config.dataDir),
    );
    const [settings] = await db.select({ s: sites.settings }).from(sites);
    expect(settings?.s.timeZone).toBe(zone);
    const rezoned = await rollupContents();
    expect(rezoned).not.toEqual(before);
    await rebuildDailyRollup(db, site);
    expect(await rollupContents()).toEqual(rezoned);
    for (const range of RANGES) {
      expect(await dailySummary(db, site, range, zone)).toEqual(
        await raw.dailySummary(db, site, range, zone),
      );
      expect(await visitsByReferrer(db, site, range, zone, OWN_HOST)).toEqual(
        await rawTraffic.visitsByReferrer(db, site, range, zone, OWN_HOST),
      );
    }
  });
});
