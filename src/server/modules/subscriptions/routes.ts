/**
 * Subscription HTTP routes:
 * - POST /api/3/commerce/cart/subscription (docs/behaviour/subscriptions.md#subscription-calls) { itemId, sku, qty,
 *   additionalFields } → { cartToken }: a cart of kind 'subscription' holding that one item,
 *   judged by the cart's rules plus the subscription rules; the subscription page reads it
 *   with the checkout quote (`?cartToken=`) and buys it with POST /api/commerce/orders?cartToken=;
 * - GET /api/vitrine/account/subscriptions and POST …/:id/cancel for the logged-in site user;
 * - GET /api/vitrine/owner/subscriptions?cursor&limit for owners who may read customers.
 * Writes need the CSRF token (the global hook); every answer is `no-store`.
 */
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../shared/errors.ts';
import { subscriptionCartBody } from '../../../shared/schemas/cart.ts';
import { schema, type Database } from '../../db/index.ts';
import { addEntry } from '../cart/index.ts';
import { ownerOf, requireOwner } from '../owners/index.ts';
import type { SiteUser } from '../site-users/index.ts';
import { cancelSubscription } from './cancel.ts';
import { findSubscriptionViews, forAccount } from './subscription-view.ts';

const { subscriptions } = schema;

export const SUBSCRIPTION_CART_PATH = '/api/3/commerce/cart/subscription';
export const ACCOUNT_SUBSCRIPTIONS_PATH = '/api/vitrine/account/subscriptions';
export const OWNER_SUBSCRIPTIONS_PATH = '/api/vitrine/owner/subscriptions';
export const DEFAULT_SUBSCRIPTIONS_PAGE = 25;
export const MAX_SUBSCRIPTIONS_PAGE = 100;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const ownerListQuery = z.strictObject({
  /** The id of the last subscription of the previous page. */
  cursor: z.string().regex(UUID, 'Not a cursor from this list').optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_SUBSCRIPTIONS_PAGE)
    .default(DEFAULT_SUBSCRIPTIONS_PAGE),
});

const cancelParams = z.object({ subscriptionId: z.string().regex(UUID) });

export interface SubscriptionRouteDeps {
  readonly database: Database;
  /** The process's services (src/server/services.ts). */
  readonly services: { readonly now: () => Date };
}

export function registerSubscriptionRoutes(
  app: FastifyInstance,
  deps: SubscriptionRouteDeps,
): void {
  const noStore = (reply: FastifyReply) => void reply.header('cache-control', 'no-store');
  const siteUserOf = (request: FastifyRequest): SiteUser => {
    if (!request.siteUser) throw new AppError('SITE_USER_LOGIN_REQUIRED');
    return request.siteUser;
  };

  app.post(SUBSCRIPTION_CART_PATH, { config: { site: 'required' } }, async (request, reply) => {
    const body = subscriptionCartBody.parse(request.body);
    const { site } = request;
    noStore(reply);
    const result = await addEntry(deps.database, {
      site,
      cartToken: undefined,
      express: false,
      subscription: true,
      itemId: body.itemId,
      variant: { sku: body.sku },
      quantity: body.qty,
      additionalFields: body.additionalFields,
    });
    return { cartToken: result.cartToken };
  });

  app.get(ACCOUNT_SUBSCRIPTIONS_PATH, async (request, reply) => {
    // A login belongs to the site (site-users/current-user.ts): no login, no site needed.
    const user = siteUserOf(request);
    noStore(reply);
    const views = await findSubscriptionViews(
      deps.database.db,
      and(eq(subscriptions.siteId, user.siteId), eq(subscriptions.siteUserId, user.id)),
    );
    return { subscriptions: views.map(forAccount) };
  });

  app.post(`${ACCOUNT_SUBSCRIPTIONS_PATH}/:subscriptionId/cancel`, async (request, reply) => {
    const user = siteUserOf(request);
    noStore(reply);
    const params = cancelParams.safeParse(request.params);
    // Not an id we issue: no such subscription (the same answer as someone else's).
    if (!params.success) throw new AppError('SUBSCRIPTION_NOT_FOUND');
    const { subscriptionId } = params.data;
    const view = await cancelSubscription(deps.database, {
      siteId: user.siteId,
      siteUserId: user.id,
      subscriptionId,
      now: deps.services.now(),
    });
    return { subscription: forAccount(view) };
  });

  app.get(
    OWNER_SUBSCRIPTIONS_PATH,
    { preHandler: requireOwner('customers:read') },
    async (request, reply) => {
      const query = ownerListQuery.parse(request.query);
      const siteId = ownerOf(request).siteId;
      void reply.header('cache-control', 'no-store');
      let after;
      if (query.cursor !== undefined) {
        const [last] = await deps.database.db
          .select({ id: subscriptions.id })
          .from(subscriptions)
          .where(and(eq(subscriptions.id, query.cursor), eq(subscriptions.siteId, siteId)));
        if (!last)
          throw new AppError('VALIDATION_FAILED', {
            fields: { cursor: 'Not a cursor from this list' },
          });
        // Compared in the database, so microseconds the JS Date lacks do not matter.
        const anchor = sql`(select created_at from subscriptions where id = ${last.id})`;
        after = or(
          lt(subscriptions.createdAt, anchor),
          and(eq(subscriptions.createdAt, anchor), lt(subscriptions.id, last.id)),
        );
      }
      const rows = await findSubscriptionViews(
        deps.database.db,
        and(eq(subscriptions.siteId, siteId), after),
        query.limit + 1,
      );
      const page = rows.slice(0, query.limit);
      const hasNextPage = rows.length > query.limit;
      return {
        subscriptions: page,
        hasNextPage,
        nextPageCursor: hasNextPage ? (page.at(-1)?.id ?? null) : null,
      };
    },
  );
}
