/**
 * The owner side of restock sign-up lists (docs/behaviour/restock.md#owner-lists-and-sends). Paths and response fields are
 * the spec's; the send answers are ours (the spec does not show them):
 * - GET  /api/site-users/account/notifications/restock/groups?cursor → { signUpGroups, hasNextPage, nextPageCursor }
 * - GET  /api/site-users/account/notifications/restock?productId&variantId&cursor → { signUps, hasNextPage, nextPageCursor }
 * - POST …/restock/send { productId, variantId } → { productId, variantId, sentCount }
 * - POST …/restock/send/all { sendRequests: [{ productId, variantId }, …] } → { results, sentCount }
 * Reading needs 'restock:read', sending 'restock:send' (src/shared/roles.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../../shared/errors.ts';
import {
  restockGroupsQuery,
  restockSendAllBody,
  restockSendRequest,
  restockSignUpsQuery,
  type RestockGroupsResponse,
  type RestockSendResult,
  type RestockSignUpsResponse,
} from '../../../shared/restock/index.ts';
import type { NoticeDelivery } from './delivery.ts';
import { restockErrorHandler } from './error-shape.ts';
import { listSignUpGroups, listSignUps } from './owner-lists.ts';
import { requireOwner } from './owner-guard.ts';
import { sendRestockNotices } from './send.ts';
import type { RestockRouteDeps } from './signup-routes.ts';
import { findRestockVariant } from './variant-lookup.ts';

export const RESTOCK_OWNER_PATH = '/api/site-users/account/notifications/restock';

export function registerRestockOwnerRoutes(
  app: FastifyInstance,
  deps: RestockRouteDeps & { readonly deliver: NoticeDelivery },
): void {
  const { db } = deps.database;
  const deliver = (request: FastifyRequest, outboxIds: readonly string[]) =>
    deps.deliver(request.log, outboxIds);

  function origin(request: FastifyRequest): string {
    return deps.publicOrigin(request);
  }

  const read = {
    preHandler: requireOwner('restock:read'),
    errorHandler: restockErrorHandler,
    config: { site: 'required' },
  } as const;
  const send = {
    preHandler: requireOwner('restock:send'),
    errorHandler: restockErrorHandler,
    config: { site: 'required' },
  } as const;

  app.get(
    `${RESTOCK_OWNER_PATH}/groups`,
    read,
    async (request, reply): Promise<RestockGroupsResponse> => {
      const { cursor } = restockGroupsQuery.parse(request.query);
      const { site } = request;
      void reply.header('cache-control', 'no-store');
      return listSignUpGroups(db, site.id, cursor);
    },
  );

  app.get(RESTOCK_OWNER_PATH, read, async (request, reply): Promise<RestockSignUpsResponse> => {
    const query = restockSignUpsQuery.parse(request.query);
    const { site } = request;
    const lookup = await findRestockVariant(db, site.id, query.productId, query.variantId);
    if (!lookup.found)
      throw new AppError(
        lookup.missing === 'product' ? 'ITEM_NOT_FOUND' : 'RESTOCK_VARIANT_NOT_FOUND',
      );
    void reply.header('cache-control', 'no-store');
    return listSignUps(db, site.id, query.productId, query.variantId, query.cursor);
  });

  app.post(`${RESTOCK_OWNER_PATH}/send`, send, async (request): Promise<RestockSendResult> => {
    const body = restockSendRequest.parse(request.body ?? {});
    const { site } = request;
    const outcome = await sendRestockNotices(
      { database: deps.database, site, origin: origin(request) },
      [body],
    );
    deliver(request, outcome.outboxIds);
    const [result] = outcome.results;
    // One request in, one result out; the guard keeps the type honest.
    if (!result) throw new AppError('INTERNAL');
    return result;
  });

  app.post(
    `${RESTOCK_OWNER_PATH}/send/all`,
    send,
    async (request): Promise<{ results: RestockSendResult[]; sentCount: number }> => {
      const { sendRequests } = restockSendAllBody.parse(request.body ?? {});
      const { site } = request;
      const { results, outboxIds } = await sendRestockNotices(
        { database: deps.database, site, origin: origin(request) },
        sendRequests,
      );
      deliver(request, outboxIds);
      return { results, sentCount: results.reduce((total, result) => total + result.sentCount, 0) };
    },
  );
}
