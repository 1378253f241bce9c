/**
 * Per-site order numbers, 1001 upwards. The counter row is bumped inside the order's own
 * transaction: concurrent orders of one site queue on that row for the rest of their
 * transaction (the last few writes), and a rolled-back order gives its number back.
 */
import { sql } from 'drizzle-orm';
import { schema, type AppDb } from '../../db/index.ts';

export const FIRST_ORDER_NUMBER = 1001;

const { orderNumberCounters } = schema;

export async function nextOrderNumber(db: AppDb, siteId: string): Promise<number> {
  const [row] = await db
    .insert(orderNumberCounters)
    .values({ siteId, lastNumber: FIRST_ORDER_NUMBER })
    .onConflictDoUpdate({
      target: orderNumberCounters.siteId,
      set: { lastNumber: sql.raw('"order_number_counters"."last_number" + 1') },
    })
    .returning({ number: orderNumberCounters.lastNumber });
  if (!row) throw new Error(`no order number for site ${siteId}`);
  return row.number;
}
