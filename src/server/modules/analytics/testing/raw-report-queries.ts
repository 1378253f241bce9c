/**
 * The owner reports as they were counted on the raw analytics rows before the daily rollup
 * (docs/adr/015-analytics-daily-rollup.md), kept for tests only: the rollup's answers must equal
 * these on the same rows.
 */
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { AppDb } from '../../../db/index.ts';
import { analyticsEvents } from '../../../db/schema-analytics.ts';
import { VISIT_TIMEOUT_MS } from '../../../../shared/analytics/limits.ts';
import { purchasesByDay, purchasesByProduct } from '../purchase-queries.ts';
import { daysOf, localDay, withinRange, type ReportRange } from '../report-range.ts';

const e = analyticsEvents;
/**
 * GROUP BY the day column by position: repeating the expression would bind the time zone as a
 * second parameter, which PostgreSQL does not see as the same expression as the select's.
 */
const BY_FIRST_COLUMN = sql`1`;
const count = (expression = sql`*`) => sql<number>`count(${expression})::int`;
const countDistinct = (expression: unknown) => sql<number>`count(distinct ${expression})::int`;
const countKind = (kind: string) => sql<number>`(count(*) filter (where ${e.kind} = ${kind}))::int`;
const visitorsOfKind = (kind: string) =>
  sql<number>`(count(distinct ${e.visitorId}) filter (where ${e.kind} = ${kind}))::int`;

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
  const inRange = and(eq(e.siteId, siteId), withinRange(e.occurredAt, range, timeZone));
  const counts = await db
    .select({
      date: localDay(e.occurredAt, timeZone),
      uniqueVisitors: countDistinct(e.visitorId),
      pageViews: countKind('page_view'),
      productViews: countKind('product_view'),
      quickViews: countKind('quick_view'),
      addToCart: countKind('add_to_cart'),
    })
    .from(e)
    .where(inRange)
    .groupBy(BY_FIRST_COLUMN);
  const purchases = await purchasesByDay(db, siteId, range, timeZone);

  const views = db.$with('views').as(
    db
      .select({
        occurredAt: e.occurredAt,
        gap: sql<boolean>`coalesce(${e.occurredAt} - lag(${e.occurredAt}) over (partition by ${e.visitorId} order by ${e.occurredAt}, ${e.id}) > ${`${VISIT_TIMEOUT_MS} milliseconds`}::interval, true)`.as(
          'starts_visit',
        ),
      })
      .from(e)
      .where(and(inRange, eq(e.kind, 'page_view'), isNotNull(e.visitorId))),
  );
  const visits = await db
    .with(views)
    .select({
      date: localDay(sql`${views.occurredAt}`, timeZone),
      visits: sql<number>`(count(*) filter (where ${views.gap}))::int`,
    })
    .from(views)
    .groupBy(BY_FIRST_COLUMN);

  const byDay = new Map(counts.map((row) => [row.date, row]));
  const visitsByDay = new Map(visits.map((row) => [row.date, row.visits]));
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
  const rows = await db
    .select({
      date: localDay(e.occurredAt, timeZone),
      productViewers: sql<number>`(count(distinct ${e.visitorId}) filter (where ${e.kind} in ('product_view', 'quick_view')))::int`,
      addedToCart: visitorsOfKind('add_to_cart'),
    })
    .from(e)
    .where(
      and(
        eq(e.siteId, siteId),
        withinRange(e.occurredAt, range, timeZone),
        inArray(e.kind, ['product_view', 'quick_view', 'add_to_cart']),
      ),
    )
    .groupBy(BY_FIRST_COLUMN);
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
  const inRange = and(eq(e.siteId, siteId), withinRange(e.occurredAt, range, timeZone));
  const isCheckout = sql`${e.kind} = 'page_view' and (${e.pagePath} = '/checkout' or ${e.data}->>'pageType' = ${String(CHECKOUT_PAGE_TYPE)})`;
  const [[visitors], [visits], purchases] = await Promise.all([
    db
      .select({
        productViewers: sql<number>`(count(distinct ${e.visitorId}) filter (where ${e.kind} in ('product_view', 'quick_view')))::int`,
        addedToCart: visitorsOfKind('add_to_cart'),
        reachedCheckout: sql<number>`(count(distinct ${e.visitorId}) filter (where ${isCheckout}))::int`,
      })
      .from(e)
      .where(
        and(inRange, inArray(e.kind, ['product_view', 'quick_view', 'add_to_cart', 'page_view'])),
      ),
    db
      .execute(
        sql`
      select (count(*) filter (where starts_visit))::int as visits from (
        select coalesce(${e.occurredAt} - lag(${e.occurredAt}) over (partition by ${e.visitorId} order by ${e.occurredAt}, ${e.id})
                        > ${`${VISIT_TIMEOUT_MS} milliseconds`}::interval, true) as starts_visit
          from ${e} where ${inRange} and ${e.kind} = 'page_view' and ${e.visitorId} is not null) as views`,
      )
      .then((result) => (result as { rows: { visits: number }[] }).rows),
    purchasesByDay(db, siteId, range, timeZone),
  ]);
  let purchaseCount = 0;
  for (const day of purchases.values()) purchaseCount += day.purchases;
  return {
    visits: visits?.visits ?? 0,
    productViewers: visitors?.productViewers ?? 0,
    addedToCart: visitors?.addedToCart ?? 0,
    reachedCheckout: visitors?.reachedCheckout ?? 0,
    purchases: purchaseCount,
  };
}

export const TOP_ROWS = 100;

export async function pageViewsByPage(
  db: AppDb,
  siteId: string,
  range: ReportRange,
  timeZone: string,
) {
  return db
    .select({
      path: sql<string>`${e.pagePath}`,
      pageViews: count(),
      uniqueVisitors: countDistinct(e.visitorId),
    })
    .from(e)
    .where(
      and(
        eq(e.siteId, siteId),
        eq(e.kind, 'page_view'),
        isNotNull(e.pagePath),
        withinRange(e.occurredAt, range, timeZone),
      ),
    )
    .groupBy(e.pagePath)
    .orderBy(desc(count()), e.pagePath)
    .limit(TOP_ROWS);
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
        productId: sql<string>`${e.productId}`,
        productViews: countKind('product_view'),
        quickViews: countKind('quick_view'),
        addToCart: countKind('add_to_cart'),
      })
      .from(e)
      .where(
        and(
          eq(e.siteId, siteId),
          isNotNull(e.productId),
          inArray(e.kind, ['product_view', 'quick_view', 'add_to_cart']),
          withinRange(e.occurredAt, range, timeZone),
        ),
      )
      .groupBy(e.productId),
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
