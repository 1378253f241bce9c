/**
 * Owner read endpoints: `GET /api/vitrine/owner/orders` (newest first, keyset cursor, filters)
 * and `GET /api/vitrine/owner/orders/:orderId`. Both need an owner whose website role may read
 * orders ('orders:read', src/shared/roles.ts): orders carry customers' emails and addresses.
 * The actions (fulfil, refund, cancel) are in owner-action-routes.ts. Shapes: src/server/modules/orders/README.md.
 */
import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../shared/errors.ts';
import { schema, type Database } from '../../db/index.ts';
import { FULFILLMENT_STATUSES, PAYMENT_STATUSES } from '../../db/schema-orders.ts';
import { listPage } from '../../http/list-page.ts';
import { ownerOf, requireOwner } from '../owners/index.ts';
import { loadOwnerOrder } from './owner-order-view.ts';
import { OWNER_ORDERS_PATH, orderParams } from './owner-paths.ts';

export { OWNER_ORDERS_PATH } from './owner-paths.ts';

const { orders, orderLines } = schema;

export const DEFAULT_ORDERS_PAGE = 25;
export const MAX_ORDERS_PAGE = 100;

const STATES = [...PAYMENT_STATUSES, ...FULFILLMENT_STATUSES] as const;
const DAY_MS = 24 * 60 * 60 * 1000;

/** `2026-11-27` (a whole UTC day) or an ISO date-time with its offset. */
const dateBound = z.union([
  z.iso.date('A date (YYYY-MM-DD) or an ISO date-time'),
  z.iso.datetime({ offset: true, message: 'A date (YYYY-MM-DD) or an ISO date-time' }),
]);

const listQuery = z.strictObject({
  /** The id of the last order of the previous page. */
  cursor: z
    .string()
    .regex(/^[0-9a-f-]{36}$/, 'Not a cursor from this list')
    .optional(),
  limit: z.coerce.number().int().min(1).max(MAX_ORDERS_PAGE).default(DEFAULT_ORDERS_PAGE),
  /** A payment or a fulfilment state (the two sets share no name). */
  state: z.enum(STATES).optional(),
  paymentStatus: z.enum(PAYMENT_STATUSES).optional(),
  fulfillmentStatus: z.enum(FULFILLMENT_STATUSES).optional(),
  /** Created at or after (a date: from its start, UTC). */
  from: dateBound.optional(),
  /** Created at or before (a date: up to its end, UTC). */
  to: dateBound.optional(),
  /** An order number (1001 or #1001) or part of the customer's email, case-insensitive. */
  q: z.string().trim().min(1, 'Required').max(254, 'At most 254 characters').optional(),
});
export type OwnerOrderQuery = z.infer<typeof listQuery>;

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

function filters(query: OwnerOrderQuery): (SQL | undefined)[] {
  const where: (SQL | undefined)[] = [];
  if (query.state !== undefined) {
    const state = query.state;
    where.push(
      (PAYMENT_STATUSES as readonly string[]).includes(state)
        ? sql`${orders.paymentStatus} = ${state}`
        : sql`${orders.fulfillmentStatus} = ${state}`,
    );
  }
  if (query.paymentStatus) where.push(eq(orders.paymentStatus, query.paymentStatus));
  if (query.fulfillmentStatus) where.push(eq(orders.fulfillmentStatus, query.fulfillmentStatus));
  if (query.from) where.push(gte(orders.createdAt, new Date(query.from)));
  if (query.to) {
    const to = new Date(query.to);
    where.push(
      isDate(query.to)
        ? lt(orders.createdAt, new Date(to.getTime() + DAY_MS))
        : sql`${orders.createdAt} <= ${to}`,
    );
  }
  if (query.q !== undefined) {
    const number = /^#?(\d{1,9})$/.exec(query.q)?.[1];
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      number === undefined
        ? ilike(orders.email, pattern)
        : or(eq(orders.number, Number(number)), ilike(orders.email, pattern)),
    );
  }
  return where;
}

export function registerOwnerOrderRoutes(app: FastifyInstance, deps: { database: Database }): void {
  const guard = { preHandler: requireOwner('orders:read') };

  app.get(OWNER_ORDERS_PATH, guard, async (request, reply) => {
    const query = listQuery.parse(request.query);
    if (query.from && query.to && new Date(query.from) > new Date(query.to))
      throw new AppError('VALIDATION_FAILED', { fields: { to: 'Must not be before from' } });
    const siteId = ownerOf(request).siteId;
    const { db } = deps.database;
    let after;
    if (query.cursor !== undefined) {
      const [last] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, query.cursor), eq(orders.siteId, siteId)));
      if (!last)
        throw new AppError('VALIDATION_FAILED', {
          fields: { cursor: 'Not a cursor from this list' },
        });
      // Compared in the database against the stored row, so microseconds the JS Date lacks do not matter.
      const anchor = sql`(select created_at from orders where id = ${last.id})`;
      after = or(
        lt(orders.createdAt, anchor),
        and(eq(orders.createdAt, anchor), lt(orders.id, last.id)),
      );
    }
    const rows = await db
      .select({
        id: orders.id,
        number: orders.number,
        createdAt: orders.createdAt,
        email: orders.email,
        customerName: sql<string | null>`${orders.shippingAddress} ->> 'name'`,
        paymentStatus: orders.paymentStatus,
        fulfillmentStatus: orders.fulfillmentStatus,
        currency: orders.currency,
        grandTotalCents: orders.grandTotalCents,
        amountPaidCents: orders.amountPaidCents,
        giftCardCents: orders.giftCardCents,
        refundedCents: orders.refundedCents,
        // Qualified by hand: inside a select list drizzle renders columns without their table.
        totalQuantity: sql<number>`(select coalesce(sum(ol.quantity), 0)::int from ${orderLines} ol where ol.order_id = "orders"."id")`,
      })
      .from(orders)
      .where(and(eq(orders.siteId, siteId), after, ...filters(query)))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.limit + 1);
    const { page, hasNextPage, nextPageCursor } = listPage(rows, query.limit);
    void reply.header('cache-control', 'no-store');
    return {
      orders: page.map(({ createdAt, ...row }) => ({
        ...row,
        status: row.paymentStatus,
        created: createdAt.getTime(),
      })),
      hasNextPage,
      nextPageCursor,
    };
  });

  app.get(`${OWNER_ORDERS_PATH}/:orderId`, guard, async (request, reply) => {
    const { orderId } = orderParams.parse(request.params);
    const order = await loadOwnerOrder(deps.database.db, ownerOf(request).siteId, orderId);
    if (!order) throw new AppError('NOT_FOUND');
    void reply.header('cache-control', 'no-store');
    return { order };
  });
}
