/**
 * Idempotency: an order remembers its client's Idempotency-Key and a hash of the request (the
 * cart and the normalised body). The same key with the same request answers the stored order;
 * the same key with anything else is refused, so a reused key can never return an order for a
 * different purchase.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { OrderRequest } from '../../../shared/checkout/requests.ts';
import { schema, type AppDb } from '../../db/index.ts';

const { orders } = schema;

/** Key order of a zod-parsed body follows its schema, so equal requests stringify equally. */
export function requestHash(cartId: string, body: OrderRequest): string {
  return createHash('sha256').update(JSON.stringify({ cartId, body })).digest('hex');
}

export async function findOrderByKey(
  db: AppDb,
  siteId: string,
  idempotencyKey: string,
): Promise<{ id: string; cartId: string; requestHash: string } | undefined> {
  const [row] = await db
    .select({ id: orders.id, cartId: orders.cartId, requestHash: orders.requestHash })
    .from(orders)
    .where(and(eq(orders.siteId, siteId), eq(orders.idempotencyKey, idempotencyKey)));
  return row;
}
