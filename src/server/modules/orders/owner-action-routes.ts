/**
 * Owner order actions (role 'orders:manage', CSRF like every owner write):
 *   POST /api/vitrine/owner/orders/:orderId/fulfillments  { carrier?, trackingNumber?, notifyCustomer? }
 *   POST /api/vitrine/owner/orders/:orderId/refunds       { amount, reason?, restock? }
 *   POST /api/vitrine/owner/orders/:orderId/cancel        { reason? }
 * Each needs an Idempotency-Key header. The answer (201 for a fulfilment or a refund, 200 for a
 * cancellation, `{ order }` with the owner's view of the order) is stored with the key in the
 * action's transaction: the same key and body again get the same answer and change nothing;
 * the same key with another body or order is refused (422). Refusals (404, 409, 502) store
 * nothing, so the action may be tried again under the same key. Units given back to stock (a
 * cancel, a refund with restock) are announced to the caches once the action has committed.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idempotencyKey } from '../../../shared/checkout/requests.ts';
import { AppError } from '../../../shared/errors.ts';
import { schema, type AppDb, type Database } from '../../db/index.ts';
import { ownerOf, requireOwner } from '../owners/index.ts';
import type { PaymentProviders } from '../payments/index.ts';
import {
  cancelOrder,
  fulfilOrder,
  lockOrder,
  refundOrder,
  type ActionContext,
  type ActionOutcome,
} from './owner-actions.ts';
import { loadOwnerOrder, type OwnerOrderView } from './owner-order-view.ts';
import { OWNER_ORDERS_PATH, orderParams } from './owner-paths.ts';
import type { StockChanged } from './stock-changes.ts';

const { orderActions } = schema;

const optionalText = (max: number) =>
  z.string().trim().min(1, 'Required').max(max, `At most ${max} characters`).optional();

export const fulfilmentBody = z.strictObject({
  carrier: optionalText(64),
  trackingNumber: optionalText(128),
  /** Send the shipping confirmation email (default true). */
  notifyCustomer: z.boolean().default(true),
});
export const refundBody = z.strictObject({
  amount: z
    .number('Required')
    .int('Minor units: a whole number')
    .min(1, 'At least 1')
    .max(100_000_000, 'Too large'),
  reason: optionalText(500),
  restock: z.boolean().default(false),
});
export const cancelBody = z.strictObject({ reason: optionalText(500) });

export interface OrderActionDeps {
  readonly database: Database;
  readonly payments: PaymentProviders;
  /** After an action that gave units back to stock committed. */
  readonly stockChanged: StockChanged;
  /** After the action committed (emails); never fails the answer. */
  readonly afterAction?: (event: CommittedAction) => Promise<void>;
}

export interface CommittedAction {
  readonly kind: 'fulfilment' | 'refund' | 'cancel';
  readonly siteId: string;
  readonly order: OwnerOrderView;
  readonly body: Record<string, unknown>;
}

interface StoredAnswer {
  readonly status: number;
  readonly body: { order: OwnerOrderView };
}

function hashOf(kind: string, orderId: string, body: unknown): string {
  return createHash('sha256').update(JSON.stringify({ kind, orderId, body })).digest('hex');
}

export function registerOwnerOrderActions(app: FastifyInstance, deps: OrderActionDeps): void {
  const guard = { preHandler: requireOwner('orders:manage') };
  const { db } = deps.database;

  async function storedAnswer(
    siteId: string,
    key: string,
    hash: string,
    reader: AppDb = db,
  ): Promise<StoredAnswer | undefined> {
    const [row] = await reader
      .select()
      .from(orderActions)
      .where(and(eq(orderActions.siteId, siteId), eq(orderActions.idempotencyKey, key)));
    if (!row) return undefined;
    if (row.requestHash !== hash) throw new AppError('ACTION_IDEMPOTENCY_KEY_REUSED');
    return { status: row.statusCode, body: row.response as StoredAnswer['body'] };
  }

  function action<B extends Record<string, unknown>>(
    kind: CommittedAction['kind'],
    path: string,
    bodySchema: z.ZodType<B>,
    status: 200 | 201,
    run: (context: ActionContext, body: B) => Promise<ActionOutcome>,
  ): void {
    app.post(`${OWNER_ORDERS_PATH}/:orderId/${path}`, guard, async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const key = idempotencyKey.safeParse(request.headers['idempotency-key']);
      if (!key.success) throw new AppError('ACTION_IDEMPOTENCY_KEY_REQUIRED');
      const { orderId } = orderParams.parse(request.params);
      const body = bodySchema.parse(request.body ?? {});
      const owner = ownerOf(request);
      const hash = hashOf(kind, orderId, body);
      const earlier = await storedAnswer(owner.siteId, key.data, hash);
      if (earlier) return reply.code(earlier.status).send(earlier.body);

      let answer: StoredAnswer;
      let outcome: ActionOutcome = { stockReturned: false };
      try {
        answer = await deps.database.withTransaction(async (tx) => {
          const order = await lockOrder(tx, owner.siteId, orderId);
          // The same key may have committed while this request waited for the lock.
          const committed = await storedAnswer(owner.siteId, key.data, hash, tx);
          if (committed) return committed;
          outcome = await run(
            {
              tx,
              order,
              owner: { id: owner.id, email: owner.email },
              payments: deps.payments,
              actionKey: `order-action:${orderId}:${key.data}`,
            },
            body,
          );
          const view = await loadOwnerOrder(tx, owner.siteId, orderId);
          if (!view) throw new AppError('ORDER_NOT_FOUND');
          const stored = { status, body: { order: view } };
          await tx.insert(orderActions).values({
            siteId: owner.siteId,
            idempotencyKey: key.data,
            orderId,
            requestHash: hash,
            statusCode: status,
            response: stored.body,
          });
          return stored;
        });
      } catch (error) {
        // The same key raced in from another request and committed first: answer as it did.
        const raced = isUniqueViolation(error)
          ? await storedAnswer(owner.siteId, key.data, hash)
          : undefined;
        if (raced) return reply.code(raced.status).send(raced.body);
        throw error;
      }
      if (outcome.stockReturned) deps.stockChanged(owner.siteId);
      try {
        await deps.afterAction?.({ kind, siteId: owner.siteId, order: answer.body.order, body });
      } catch (error) {
        request.log.error({ err: error, orderId }, 'after an order action');
      }
      return reply.code(answer.status).send(answer.body);
    });
  }

  action('fulfilment', 'fulfillments', fulfilmentBody, 201, (context, body) =>
    fulfilOrder(context, body),
  );
  action('refund', 'refunds', refundBody, 201, (context, body) => refundOrder(context, body));
  action('cancel', 'cancel', cancelBody, 200, (context, body) => cancelOrder(context, body));
}

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ('code' in current && current.code === '23505') return true;
  }
  return false;
}
