/**
 * A site user's orders: the list of the account page (number, date, total, states) and the
 * one order its detail page opens. An order belongs to an account when it was bought while
 * logged in, or when the account's owner proved the address it was bought with
 * (guest-orders.ts). Another account's order, or a guest's, is never found here.
 */
import { and, desc, eq } from 'drizzle-orm';
import { schema, type AppDb } from '../../db/index.ts';
import type { FulfillmentStatus, PaymentStatus } from '../../db/schema-orders.ts';

const { orders } = schema;

export interface AccountOrderRow {
  readonly id: string;
  readonly number: number;
  readonly created: Date;
  readonly currency: string;
  readonly grandTotalCents: number;
  readonly paymentStatus: PaymentStatus;
  readonly fulfillmentStatus: FulfillmentStatus;
}

/** The account's orders, newest first (at most `limit`). */
export async function listAccountOrders(
  db: AppDb,
  siteId: string,
  siteUserId: string,
  limit = 100,
): Promise<AccountOrderRow[]> {
  return db
    .select({
      id: orders.id,
      number: orders.number,
      created: orders.createdAt,
      currency: orders.currency,
      grandTotalCents: orders.grandTotalCents,
      paymentStatus: orders.paymentStatus,
      fulfillmentStatus: orders.fulfillmentStatus,
    })
    .from(orders)
    .where(and(eq(orders.siteId, siteId), eq(orders.siteUserId, siteUserId)))
    .orderBy(desc(orders.createdAt), desc(orders.number))
    .limit(limit);
}

/** The id of the account's order with this number; undefined for anyone else's. */
export async function findAccountOrder(
  db: AppDb,
  siteId: string,
  siteUserId: string,
  number: number,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(eq(orders.siteId, siteId), eq(orders.siteUserId, siteUserId), eq(orders.number, number)),
    );
  return row?.id;
}
