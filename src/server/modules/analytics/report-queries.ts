/**
 * The owner's visitor analytics (issue 5): per day, visits, unique visitors, page views,
 * product views, add to cart and purchases, and the funnel of distinct visitors reaching each
 * step; page views per page; counts per product. Days are the site's calendar days.
 *
 * Counts, distinct visitors and visits come from the daily rollup (daily-rollup.ts,
 * visit-rollup.ts, docs/adr/015-analytics-daily-rollup.md).
 *
 * A visit is a run of one visitor's page views with no gap longer than 30 minutes (the
 * visit-timing cookie's life, docs/behaviour/analytics.md#cookies-and-identity); a visit that began before the range starts
 * counts from the range's first view. One order is one purchase in every report
 * (purchase-queries.ts).
 */
import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AppDb } from '../../db/index.ts';
import { visitsContinuedIntoRange } from './visit-rollup.ts';
import { purchasesByDay, purchasesByProduct } from './purchase-queries.ts';
import { daysOf, type ReportRange } from './report-range.ts';
import { d, dayText, hits, keyTotals, rollupRows, summed, visitorsOf } from './rollup-reads.ts';

/** Rollup rows of the 'kind' metric are keyed by the raw row's kind. */
const ofKind = (kind: string) => eq(d.key, kind);
const FUNNEL_KINDS = inArray(d.key, ['product_view', 'quick_view', 'add_to_cart']);
const VIEWED_PRODUCT = inArray(d.key, ['product_view', 'quick_view']);
const anyOf = (condition: SQL) => sql<boolean>`bool_or(${condition})`;

export interface DaySummary {
  date: string;
  visits: number;
  uniqueVisitors: number;
  pageViews: number;
  productViews: number;
  quickViews: number;
  addToCart: number;
  purchases: number;
}

export async function dailySummary(
  db: AppDb,
  siteId: string,
  range: ReportRange,
  timeZone: string,
): Promise<DaySummary[]> {
  const perVisitor = db
    .select({
      day: d.day,
      visitorId: d.visitorId,
      pageViews: hits(ofKind('page_view')).as('page_views'),
      productViews: hits(ofKind('product_view')).as('product_views'),
      quickViews: hits(ofKind('quick_view')).as('quick_views'),
      addToCart: hits(ofKind('add_to_cart')).as('add_to_cart'),
    })
    .from(d)
    .where(rollupRows(siteId, 'kind', range))
    .groupBy(d.day, d.visitorId)
    .as('per_visitor');
  const counts = await db
    .select({
      date: dayText(perVisitor.day),
      uniqueVisitors: visitorsOf(perVisitor.visitorId),
      pageViews: summed(perVisitor.pageViews),
      productViews: summed(perVisitor.productViews),
      quickViews: summed(perVisitor.quickViews),
      addToCart: summed(perVisitor.addToCart),
    })
    .from(perVisitor)
    .groupBy(perVisitor.day);
  const purchases = await purchasesByDay(db, siteId, range, timeZone);

  const [visits, continued] = await Promise.all([
    db
      .select({ date: dayText(d.day), visits: hits() })
      .from(d)
      .where(rollupRows(siteId, 'visit', range))
      .groupBy(d.day),
    visitsContinuedIntoRange(db, siteId, range, timeZone),
  ]);

  const byDay = new Map(counts.map((row) => [row.date, row]));
  const visitsByDay = new Map(visits.map((row) => [row.date, row.visits]));
  for (const visit of continued)
    visitsByDay.set(visit.date, (visitsByDay.get(visit.date) ?? 0) + 1);
  return daysOf(range).map((date) => {
    const row = byDay.get(date);
    return {
      date,
      visits: visitsByDay.get(date) ?? 0,
      uniqueVisitors: row?.uniqueVisitors ?? 0,
      pageViews: row?.pageViews ?? 0,
      productViews: row?.productViews ?? 0,
      quickViews: row?.quickViews ?? 0,
      addToCart: row?.addToCart ?? 0,
      purchases: purchases.get(date)?.purchases ?? 0,
    };
  });
}

export interface FunnelDay {
  date: string;
  /** Distinct visitors who viewed a product (page or quick view), added to cart, purchased. */
  productViewers: number;
  addedToCart: number;
  purchased: number;
  /** Orders bought that day: the summary's purchases. */
  purchases: number;
}

export async function dailyFunnel(
  db: AppDb,
  siteId: string,
  range: ReportRange,
  timeZone: string,
): Promise<FunnelDay[]> {
  const perVisitor = db
    .select({
      day: d.day,
      visitorId: d.visitorId,
      viewed: anyOf(VIEWED_PRODUCT).as('viewed'),
      added: anyOf(ofKind('add_to_cart')).as('added'),
    })
    .from(d)
    .where(and(rollupRows(siteId, 'kind', range), FUNNEL_KINDS))
    .groupBy(d.day, d.visitorId)
    .as('per_visitor');
  const rows = await db
    .select({
      date: dayText(perVisitor.day),
      productViewers: visitorsOf(perVisitor.visitorId, perVisitor.viewed),
      addedToCart: visitorsOf(perVisitor.visitorId, perVisitor.added),
    })
    .from(perVisitor)
    .groupBy(perVisitor.day);
  const purchases = await purchasesByDay(db, siteId, range, timeZone);
  const byDay = new Map(rows.map((row) => [row.date, row]));
  return daysOf(range).map((date) => ({
    date,
    productViewers: byDay.get(date)?.productViewers ?? 0,
    addedToCart: byDay.get(date)?.addedToCart ?? 0,
    purchased: purchases.get(date)?.purchasers ?? 0,
    purchases: purchases.get(date)?.purchases ?? 0,
  }));
}

/** Page type of the checkout page (its path is /checkout). */
export const CHECKOUT_PAGE_TYPE = 201;

export interface FunnelSteps {
  /** Visits begun in the range (the summary's visits, summed). */
  visits: number;
  /** Distinct visitors over the whole range who viewed a product, added to cart, opened checkout. */
  productViewers: number;
  addedToCart: number;
  reachedCheckout: number;
  /** Orders bought in the range (the summary's purchases, summed): one order, one purchase. */
  purchases: number;
}

/** The purchase funnel of the whole range: visits → product views → cart → checkout → purchase. */
export async function funnelSteps(
  db: AppDb,
  siteId: string,
  range: ReportRange,
  timeZone: string,
): Promise<FunnelSteps> {
  // Only the funnel's kinds and the checkout rows are read: each is an index range of its own.
  const perVisitor = db
    .select({
      visitorId: d.visitorId,
      viewed: anyOf(and(eq(d.metric, 'kind'), VIEWED_PRODUCT) as SQL).as('viewed'),
      added: anyOf(and(eq(d.metric, 'kind'), ofKind('add_to_cart')) as SQL).as('added'),
      checkout: anyOf(eq(d.metric, 'checkout')).as('checkout'),
    })
    .from(d)
    .where(
      or(
        and(rollupRows(siteId, 'kind', range), FUNNEL_KINDS),
        rollupRows(siteId, 'checkout', range),
      ),
    )
    .groupBy(d.visitorId)
    .as('per_visitor');
  const [[steps], [visits], continued, purchases] = await Promise.all([
    db
      .select({
        productViewers: visitorsOf(perVisitor.visitorId, perVisitor.viewed),
        addedToCart: visitorsOf(perVisitor.visitorId, perVisitor.added),
        reachedCheckout: visitorsOf(perVisitor.visitorId, perVisitor.checkout),
      })
      .from(perVisitor),
    db
      .select({ visits: hits() })
      .from(d)
      .where(rollupRows(siteId, 'visit', range)),
    visitsContinuedIntoRange(db, siteId, range, timeZone),
    purchasesByDay(db, siteId, range, timeZone),
  ]);
  let purchaseCount = 0;
  for (const day of purchases.values()) purchaseCount += day.purchases;
  return {
    visits: (visits?.visits ?? 0) + continued.length,
    productViewers: steps?.productViewers ?? 0,
    addedToCart: steps?.addedToCart ?? 0,
    reachedCheckout: steps?.reachedCheckout ?? 0,
    purchases: purchaseCount,
  };
}

export const TOP_ROWS = 100;

export async function pageViewsByPage(db: AppDb, siteId: string, range: ReportRange) {
  const pages = keyTotals(db, siteId, 'page', range);
  const rows = await pages.query.orderBy(desc(pages.hits), pages.key).limit(TOP_ROWS);
  return rows.map((row) => ({
    path: row.key,
    pageViews: row.hits,
    uniqueVisitors: row.visitors,
  }));
}

export interface ProductCounts {
  productId: string;
  productViews: number;
  quickViews: number;
  addToCart: number;
  /** Orders that bought the product. */
  purchases: number;
}

/** Counts per product, the busiest first (then by id), at most TOP_ROWS. */
export async function countsByProduct(
  db: AppDb,
  siteId: string,
  range: ReportRange,
  timeZone: string,
): Promise<ProductCounts[]> {
  const [views, purchases] = await Promise.all([
    db
      .select({
        productId: d.key,
        productViews: hits(eq(d.metric, 'product_view')),
        quickViews: hits(eq(d.metric, 'quick_view')),
        addToCart: hits(eq(d.metric, 'add_to_cart')),
      })
      .from(d)
      .where(rollupRows(siteId, ['product_view', 'quick_view', 'add_to_cart'], range))
      .groupBy(d.key),
    purchasesByProduct(db, siteId, range, timeZone),
  ]);
  const byProduct = new Map<string, ProductCounts>();
  for (const row of views) byProduct.set(row.productId, { ...row, purchases: 0 });
  for (const [productId, count] of purchases) {
    const row = byProduct.get(productId);
    byProduct.set(productId, {
      ...(row ?? { productId, productViews: 0, quickViews: 0, addToCart: 0 }),
      purchases: count,
    });
  }
  const total = (row: ProductCounts) =>
    row.productViews + row.quickViews + row.addToCart + row.purchases;
  return [...byProduct.values()]
    .sort((a, b) => total(b) - total(a) || (a.productId < b.productId ? -1 : 1))
    .slice(0, TOP_ROWS);
}
