/**
 * Returning an order's units to stock (cancel, refund with restock, an expired payment page),
 * once per order: `stock_returned_at` is set by the same conditional UPDATE that claims the
 * return, so two concurrent actions cannot both give the units back.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { schema, type AppDb } from '../../db/index.ts';
import { returnStock } from '../catalog/index.ts';

const { orders, orderLines } = schema;

/** Units given back per variant, or null when the order's stock was already returned. */
export async function returnOrderStock(
  db: AppDb,
  orderId: string,
): Promise<Record<string, number> | null> {
  const claimed = await db
    .update(orders)
    .set({ stockReturnedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), isNull(orders.stockReturnedAt)))
    .returning({ id: orders.id });
  if (claimed.length === 0) return null;
  const lines = await db
    .select({ variantId: orderLines.variantId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  const units = new Map<string, number>();
  for (const line of lines)
    units.set(line.variantId, (units.get(line.variantId) ?? 0) + line.quantity);
  // Variant-id order, as checkout takes them, so concurrent writers lock rows in one order.
  const returned: Record<string, number> = {};
  for (const [variantId, quantity] of [...units].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    if (await returnStock(db, variantId, quantity)) returned[variantId] = quantity;
  return returned;
}
