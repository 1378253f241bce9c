/**
 * Purchases in the owner's reports: one order is one purchase in the summary, the funnel and the
 * per-product report. The confirmation page sends two events for one order (v0 'checkout
 * confirmed' with `orderId`, v2 'purchase' with `transaction_id` and the order's items), and both
 * are stored as kind 'purchase'; counting rows counted every order twice. Rows are grouped here
 * by their order id (a row without one stands for an order of its own), the v2 row speaks for
 * its order (its visitor id is the one the add-to-cart events carry), and a product's purchases
 * are the orders whose items name it.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDb } from '../../db/index.ts';
import { analyticsEvents } from '../../db/schema-analytics.ts';
import { localDay, withinRange, type ReportRange } from './report-range.ts';

const e = analyticsEvents;

/** The order a purchase row is about: the v2 transaction id, the v0 order id, or the row itself. */
const ORDER_KEY = sql`coalesce(${e.data}->>'transaction_id', ${e.data}->>'orderId', 'row:' || ${e.id}::text)`;

function purchaseRows(siteId: string, range: ReportRange, timeZone: string): SQL {
  return sql`select ${ORDER_KEY} as order_key, ${e.source} as source, ${e.visitorId} as visitor_id,
      ${e.occurredAt} as occurred_at, ${e.productId} as product_id, ${e.data} as data
    from ${e}
    where ${e.siteId} = ${siteId} and ${e.kind} = 'purchase'
      and ${withinRange(e.occurredAt, range, timeZone)}`;
}

/** Both drivers' raw results carry `rows` (PGlite Results, pg QueryResult). */
function rowsOf<T>(result: unknown, schema: z.ZodType<T>): T[] {
  return z.array(schema).parse((result as { rows: unknown[] }).rows);
}

export interface PurchaseDay {
  readonly date: string;
  /** Orders bought that day. */
  readonly purchases: number;
  /** Distinct visitors who bought that day. */
  readonly purchasers: number;
}

export async function purchasesByDay(
  db: AppDb,
  siteId: string,
  range: ReportRange,
  timeZone: string,
): Promise<Map<string, PurchaseDay>> {
  const result = await db.execute(sql`
    with purchases as (${purchaseRows(siteId, range, timeZone)}),
    orders as (
      select distinct on (order_key) order_key, visitor_id, occurred_at
        from purchases
       order by order_key, (source = 'event-v2') desc, occurred_at
    )
    select ${localDay(sql`occurred_at`, timeZone)} as date, count(*)::int as purchases,
           count(distinct visitor_id)::int as purchasers
      from orders group by 1`);
  const rows = rowsOf(
    result,
    z.object({ date: z.string(), purchases: z.number(), purchasers: z.number() }),
  );
  return new Map(rows.map((row) => [row.date, row]));
}

/** Orders per product: a product counts once per order whose items (or whose own row) name it. */
export async function purchasesByProduct(
  db: AppDb,
  siteId: string,
  range: ReportRange,
  timeZone: string,
): Promise<Map<string, number>> {
  const result = await db.execute(sql`
    with purchases as (${purchaseRows(siteId, range, timeZone)}),
    bought as (
      select order_key, product_id from purchases where product_id is not null
      union
      select order_key, item->>'item_id'
        from purchases,
             jsonb_array_elements(case when jsonb_typeof(data->'items') = 'array'
                                       then data->'items' else '[]'::jsonb end) as item
       where jsonb_typeof(item) = 'object'
    )
    select product_id, count(distinct order_key)::int as purchases
      from bought where product_id is not null group by product_id`);
  const rows = rowsOf(result, z.object({ product_id: z.string(), purchases: z.number() }));
  return new Map(rows.map((row) => [row.product_id, row.purchases]));
}
