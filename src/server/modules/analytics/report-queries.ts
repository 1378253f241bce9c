/**
 * The owner's visitor analytics (issue 5): per day, visits, unique visitors, page views,
 * product views, add to cart and purchases, and the funnel of distinct visitors reaching each
 * step; page views per page; counts per product. Days are the site's calendar days.
 *
 * A visit is a run of one visitor's page views with no gap longer than 30 minutes (the
 * visit-timing cookie's life, docs/behaviour/analytics.md#cookies-and-identity); a visit that began before the range starts
 * counts from the range's first view. One order is one purchase in every report
 * (purchase-queries.ts).
 */
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/index.ts';
import { analyticsEvents } from '../../db/schema-analytics.ts';
import { VISIT_TIMEOUT_MS } from '../../../shared/analytics/limits.ts';
import { purchasesByDay, purchasesByProduct } from './purchase-queries.ts';
import { daysOf, localDay, withinRange, type ReportRange } from './report-range.ts';

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
        gap: sql<boolean>`coalesce(${e.occurredAt} - lag(${e.occurredAt}) over (partition by ${e.visitorId} order by ${e.occurredAt}) > ${`${VISIT_TIMEOUT_MS} milliseconds`}::interval, true)`.as(
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
