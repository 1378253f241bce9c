/**
 * Sales over a report range, from the orders themselves (not from tracking events, which a
 * shopper's browser may never send): orders and revenue per site day, and the best-selling
 * products. An order counts when it is the site's and in the store's currency, whatever its
 * payment state, as on the dashboard, so both show the same orders for the same days. Revenue is
 * the orders' grand totals in minor units; a product's revenue is its lines' totals.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/index.ts';
import { orderLines, orders } from '../../db/schema-orders.ts';
import { daysOf, localDay, withinRange, type ReportRange } from './report-range.ts';
import { rowPerKey } from './row-per-key.ts';

export interface SalesSite {
  readonly id: string;
  readonly currency: string;
  readonly timeZone: string;
}

export interface SalesDay {
  readonly date: string;
  readonly orders: number;
  /** Minor units of the store currency. */
  readonly revenue: number;
}

export const TOP_PRODUCTS = 10;

const ofSite = (site: SalesSite, range: ReportRange) =>
  and(
    eq(orders.siteId, site.id),
    eq(orders.currency, site.currency),
    withinRange(orders.createdAt, range, site.timeZone),
  );

/** Orders and revenue on every day of the range (zeros included). */
export async function salesByDay(
  db: AppDb,
  site: SalesSite,
  range: ReportRange,
): Promise<SalesDay[]> {
  const rows = await db
    .select({
      date: localDay(orders.createdAt, site.timeZone),
      orders: sql<number>`count(*)::int`,
      revenue: sql<number>`coalesce(sum(${orders.grandTotalCents}), 0)::bigint`.mapWith(Number),
    })
    .from(orders)
    .where(ofSite(site, range))
    // By position: repeating the expression would bind the time zone twice (report-queries.ts).
    .groupBy(sql`1`);
  return rowPerKey(
    daysOf(range),
    rows,
    (row) => row.date,
    (date) => ({ date, orders: 0, revenue: 0 }),
  );
}

export interface ProductSales {
  readonly productId: string;
  readonly title: string;
  /** Orders with at least one line of the product. */
  readonly orders: number;
  readonly units: number;
  /** Minor units: the product's line totals. */
  readonly revenue: number;
}

/** The products that brought the most revenue, at most TOP_PRODUCTS. */
export async function topProducts(
  db: AppDb,
  site: SalesSite,
  range: ReportRange,
): Promise<ProductSales[]> {
  const revenue = sql<number>`sum(${orderLines.lineTotalCents})::bigint`.mapWith(Number);
  return db
    .select({
      productId: orderLines.productId,
      title: sql<string>`max(${orderLines.title})`,
      orders: sql<number>`count(distinct ${orderLines.orderId})::int`,
      units: sql<number>`sum(${orderLines.quantity})::int`,
      revenue,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(ofSite(site, range))
    .groupBy(orderLines.productId)
    .orderBy(desc(revenue), orderLines.productId)
    .limit(TOP_PRODUCTS);
}
