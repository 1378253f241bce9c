/**
 * The owner dashboard's two heaviest reads on the embedded database (PGlite) holding 10,000
 * orders and 100,000 page views over 90 days: the orders list's first page and the Analytics
 * page's reports (every API the page calls for the last 30 days, one after another, as one
 * figure), each as server time through the whole app in process (app.inject), median of rounds,
 * beside `/healthz` measured in the same run, and the ratio. Target: within 300 ms each.
 */
import { sql } from 'drizzle-orm';
import { schema } from '../src/server/db/index.ts';
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
await db.execute(sql`analyze`);

const owner = await loginOwner(harness.app, db, 'bench-owner@example.com', WEBSITE_ROLES.ADMIN);

async function median(name: string, urls: readonly string[]): Promise<number> {
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
  return times[Math.floor(times.length / 2)] ?? 0;
}

const ANALYTICS_PAGE = [
  'summary',
  'pages',
  'referrers',
  'devices',
  'sales',
  'funnel',
  'searches',
  'forms',
].map((report) => `/api/vitrine/analytics/${report}?days=30`);

const healthz = await median('healthz', ['/healthz']);
const ordersList = await median('orders list', ['/api/vitrine/owner/orders?limit=25']);
const analytics = await median('analytics page', ANALYTICS_PAGE);

printTable([
  { read: 'GET /healthz (reference)', 'median ms': round(healthz, 2), 'vs reference': '1x' },
  {
    read: 'orders list, first page of 25',
    'median ms': round(ordersList, 1),
    'vs reference': `${round(ordersList / healthz, 1)}x`,
  },
  {
    read: `analytics page (${ANALYTICS_PAGE.length} reports, 30 days)`,
    'median ms': round(analytics, 1),
    'vs reference': `${round(analytics / healthz, 1)}x`,
  },
]);
printTargets([
  {
    target: `orders list ≤ ${TARGET_MS} ms`,
    measured: `${round(ordersList)} ms`,
    met: ordersList <= TARGET_MS,
  },
  {
    target: `analytics page ≤ ${TARGET_MS} ms`,
    measured: `${round(analytics)} ms`,
    met: analytics <= TARGET_MS,
  },
]);
await harness.close();
printResult({
  benchmark: 'admin',
  orders: ORDERS,
  pageViews: PAGE_VIEWS,
  healthzMs: round(healthz, 2),
  ordersListMs: round(ordersList, 1),
  analyticsPageMs: round(analytics, 1),
  ordersListRatio: round(ordersList / healthz, 1),
  analyticsPageRatio: round(analytics / healthz, 1),
});
