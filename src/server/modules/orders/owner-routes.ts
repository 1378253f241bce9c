/**
 * Owner read endpoints: `GET /api/vitrine/owner/orders?cursor&limit` (newest first, keyset
 * cursor) and `GET /api/vitrine/owner/orders/:orderId`. Both need an owner whose website role
 * may read orders ('orders:read', src/shared/roles.ts): orders carry customers' emails and
 * addresses.
 */
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../shared/errors.ts';
import { schema, type Database } from '../../db/index.ts';
import type { SiteResolver } from '../../http/current-site.ts';
import { ownerOf, requireOwner } from '../owners/require-owner.ts';
import { loadOrderView } from './order-view.ts';

const { orders, orderLines } = schema;

export const OWNER_ORDERS_PATH = '/api/vitrine/owner/orders';
export const DEFAULT_ORDERS_PAGE = 25;
export const MAX_ORDERS_PAGE = 100;

const listQuery = z.strictObject({
  /** The id of the last order of the previous page. */
  cursor: z
    .string()
    .regex(/^[0-9a-f-]{36}$/, 'Not a cursor from this list')
    .optional(),
  limit: z.coerce.number().int().min(1).max(MAX_ORDERS_PAGE).default(DEFAULT_ORDERS_PAGE),
});
const orderParams = z.strictObject({
  orderId: z.string().regex(/^[0-9a-f-]{36}$/, 'Not an order id'),
});

export function registerOwnerOrderRoutes(
  app: FastifyInstance,
  deps: { database: Database; sites: SiteResolver },
): void {
  const guard = { preHandler: requireOwner('orders:read') };

  app.get(OWNER_ORDERS_PATH, guard, async (request, reply) => {
    const query = listQuery.parse(request.query);
    const siteId = ownerOf(request).siteId;
    const { db } = deps.database;
    let after;
    if (query.cursor !== undefined) {
      const [last] = await db
        .select({ createdAt: orders.createdAt, id: orders.id })
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
        createdAt: orders.createdAt,
        email: orders.email,
        status: orders.status,
        currency: orders.currency,
        grandTotalCents: orders.grandTotalCents,
        // Qualified by hand: inside a select list drizzle renders columns without their table.
        totalQuantity: sql<number>`(select coalesce(sum(ol.quantity), 0)::int from ${orderLines} ol where ol.order_id = "orders"."id")`,
      })
      .from(orders)
      .where(and(eq(orders.siteId, siteId), after))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.limit + 1);
    const page = rows.slice(0, query.limit);
    const hasNextPage = rows.length > query.limit;
    void reply.header('cache-control', 'no-store');
    return {
      orders: page.map(({ createdAt, ...row }) => ({ ...row, created: createdAt.getTime() })),
      hasNextPage,
      nextPageCursor: hasNextPage ? (page.at(-1)?.id ?? null) : null,
    };
  });

  app.get(`${OWNER_ORDERS_PATH}/:orderId`, guard, async (request, reply) => {
    const { orderId } = orderParams.parse(request.params);
    const siteId = ownerOf(request).siteId;
    const { db } = deps.database;
    const [row] = await db
      .select({
        status: orders.status,
        shippingAddress: orders.shippingAddress,
        shippingOption: orders.shippingOption,
        taxLines: orders.taxLines,
        paymentProvider: orders.paymentProvider,
        paymentReference: orders.paymentReference,
      })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.siteId, siteId)));
    if (!row) throw new AppError('NOT_FOUND');
    const view = await loadOrderView(db, orderId);
    if (!view) throw new AppError('NOT_FOUND');
    void reply.header('cache-control', 'no-store');
    return { order: { ...view, ...row } };
  });
}
