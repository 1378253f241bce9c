/**
 * The owner dashboard's two heaviest reads on the embedded database (PGlite) holding 10,000
 * orders and 100,000 page views over 90 days: the orders list's first page and the Analytics
 * page's reports (every API the page calls for the last 30 days, one after another, as one
 * figure, then each report alone), each as server time through the whole app in process
 * (app.inject), p50 and p99 of rounds, beside `/healthz` measured in the same run, and the ratio.
 * Target: within 300 ms each. The page views are seeded by SQL, so the daily rollup the reports
 * read (docs/adr/015-analytics-daily-rollup.md) is then built from them, as the migration backfills.
 */
import { sql } from 'drizzle-orm';
import { schema } from '../src/server/db/index.ts';
import { rebuildDailyRollup } from '../src/server/modules/analytics/index.ts';
import { createTestApp } from '../test/helpers/app.ts';
import { loginOwner } from '../test/helpers/site-users.ts';
import { WEBSITE_ROLES } from '../src/shared/roles.ts';
import { printResult, printTable } from './lib/measure.ts';
import { printTargets, round } from './lib/report.ts';

// Embedded database whatever the environment names: the target is PGlite's.
delete process.env.TEST_DATABASE_URL;
const ORDERS = 10_000;
const PAGE_VIEWS = 100_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const TARGET_MS = 300;

const harness = await createTestApp({ rateLimit: { max: 1_000_000_000, timeWindowMs: 60_000 } });
const { db } = harness.database;
const [site] = await db.select({ id: schema.sites.id }).from(schema.sites).limit(1);
if (!site) throw new Error('the demo site is missing');

console.log(`seeding ${ORDERS} orders and ${PAGE_VIEWS} page views…`);
await db.execute(sql`
  insert into carts (id, site_id, token) select 'bench-cart-' || g, ${site.id}, 'bench-token-' || g from generate_series(1, ${ORDERS}) g`);
await db.execute(sql`
  insert into orders (id, site_id, number, cart_id, idempotency_key, request_hash, email, currency,
                      subtotal_cents, grand_total_cents, amount_paid_cents, payment_provider, created_at)
  select 'bench-order-' || g, ${site.id}, 100000 + g, 'bench-cart-' || g, 'bench-' || g, 'h',
         'shopper' || (g % 500) || '@example.com', (select settings->>'currency' from sites where id = ${site.id}),
         1000 + g % 9000, 1000 + g % 9000, 1000 + g % 9000, 'test',
         now() - (g % 90) * interval '1 day' - (g % 1440) * interval '1 minute'
    from generate_series(1, ${ORDERS}) g`);
await db.execute(sql`
  insert into order_lines (id, order_id, position, product_id, variant_id, product_type, title, quantity,
                           unit_price_cents, line_total_cents)
  select 'bench-line-' || g, 'bench-order-' || g, 0, 'product-' || (g % 40), 'variant-' || (g % 40), 1,
         'Product ' || (g % 40), 1, 1000 + g % 9000, 1000 + g % 9000
    from generate_series(1, ${ORDERS}) g`);
await db.execute(sql`
  insert into analytics_events (site_id, source, kind, event_name, visitor_id, page_path, occurred_at, data)
  select ${site.id}, 'census', 'page_view', 'pageview', 'visitor-' || (g % 20000), '/page-' || (g % 200),
         now() - (g % 90) * interval '1 day' - (g % 1440) * interval '1 minute',
         jsonb_build_object('referrer', 'https://site' || (g % 30) || '.example/', 'screenWidth', 320 + g % 1600)
    from generate_series(1, ${PAGE_VIEWS}) g`);
// Rows seeded by SQL bypass ingestion: the rollup is built from them as migration 0022 backfills.
const rollupStart = performance.now();
await rebuildDailyRollup(db, site.id);
const rollupMs = performance.now() - rollupStart;
console.log(`daily rollup built from ${PAGE_VIEWS} page views in ${Math.round(rollupMs)} ms`);
await db.execute(sql`analyze`);

const owner = await loginOwner(harness.app, db, 'bench-owner@example.com', WEBSITE_ROLES.ADMIN);

interface Timing {
  readonly p50: number;
  readonly p99: number;
}

/** Nearest-rank percentile of sorted samples. */
function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Server time of the URLs requested one after another, per round; two warm-up rounds first. */
async function timing(name: string, urls: readonly string[]): Promise<Timing> {
  const times: number[] = [];
  for (let round = 0; round < ROUNDS + 2; round += 1) {
    const start = performance.now();
    for (const url of urls) {
      const response = await owner.inject({ url });
      if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
    }
    if (round >= 2) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(`${name}: measured`);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

const REPORTS = [
  'summary',
  'pages',
  'referrers',
  'devices',
  'sales',
  'funnel',
  'searches',
  'forms',
];
const reportUrl = (report: string) => `/api/vitrine/analytics/${report}?days=30`;
const ANALYTICS_PAGE = REPORTS.map(reportUrl);

const healthz = await timing('healthz', ['/healthz']);
const ordersList = await timing('orders list', ['/api/vitrine/owner/orders?limit=25']);
const ordersSearch = await timing('orders search', [
  '/api/vitrine/owner/orders?limit=25&q=shopper7%40example.com',
]);
const analytics = await timing('analytics page', ANALYTICS_PAGE);
const reports = new Map<string, Timing>();
for (const report of REPORTS) reports.set(report, await timing(report, [reportUrl(report)]));

const row = (read: string, measured: Timing) => ({
  read,
  'p50 ms': round(measured.p50, 1),
  'p99 ms': round(measured.p99, 1),
  'p50 vs reference': `${round(measured.p50 / healthz.p50, 1)}x`,
});
printTable([
  row('GET /healthz (reference)', healthz),
  row('orders list, first page of 25', ordersList),
  row('orders list, search by email', ordersSearch),
  row(`analytics page (${ANALYTICS_PAGE.length} reports, 30 days)`, analytics),
  ...[...reports].map(([report, measured]) => row(`  /analytics/${report}`, measured)),
]);
printTargets([
  {
    target: `orders list p99 ≤ ${TARGET_MS} ms`,
    measured: `${round(ordersList.p99)} ms`,
    met: ordersList.p99 <= TARGET_MS,
  },
  {
    target: `analytics page p99 ≤ ${TARGET_MS} ms`,
    measured: `${round(analytics.p99)} ms`,
    met: analytics.p99 <= TARGET_MS,
  },
]);
await harness.close();
printResult({
  benchmark: 'admin',
  orders: ORDERS,
  pageViews: PAGE_VIEWS,
  rollupBuildMs: round(rollupMs),
  healthzP50Ms: round(healthz.p50, 2),
  ordersListP50Ms: round(ordersList.p50, 1),
  ordersListP99Ms: round(ordersList.p99, 1),
  ordersSearchP50Ms: round(ordersSearch.p50, 1),
  analyticsPageP50Ms: round(analytics.p50, 1),
  analyticsPageP99Ms: round(analytics.p99, 1),
  ordersListRatio: round(ordersList.p50 / healthz.p50, 1),
  analyticsPageRatio: round(analytics.p50 / healthz.p50, 1),
});
