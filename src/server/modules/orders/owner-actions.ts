/**
 * What owners do to a placed order, each inside the transaction that holds the order's row
 * lock (so two actions on one order run one after the other and each sees the other's result):
 * - fulfil: an unfulfilled, paid order becomes fulfilled, with carrier and tracking;
 * - refund: part or all of what is left goes back through the payment provider, optionally
 *   with the units back in stock (once per order);
 * - cancel: an unfulfilled order is cancelled; what was charged and not yet refunded goes back,
 *   gift card payments go back to their cards, the units go back in stock and the gift cards
 *   the order issued are voided.
 * Each writes its event with the owner who did it. The provider is called while the row is
 * locked: a refund is rare and owner-driven, and holding the lock is what keeps two refunds
 * from both passing the "what is left" check.
 */
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../../shared/errors.ts';
import { schema, type AppTx } from '../../db/index.ts';
import type { OrderRow } from './order-view.ts';
import { creditRedemptions, voidIssuedGiftCards } from '../giftcards/index.ts';
import type { PaymentProviders } from '../payments/index.ts';
import { recordOrderEvent, type EventActor } from './order-events.ts';
import { returnOrderStock } from './order-stock.ts';
import { trackingUrl } from './tracking-url.ts';

const { orders } = schema;

/** What an action did that matters after its commit. */
export interface ActionOutcome {
  /** Units went back to stock: the caches are told once the transaction commits. */
  readonly stockReturned: boolean;
}

const NOTHING_RETURNED: ActionOutcome = { stockReturned: false };

export interface ActionContext {
  readonly tx: AppTx;
  readonly order: OrderRow;
  readonly owner: EventActor;
  readonly payments: PaymentProviders;
  /** The action's Idempotency-Key, scoped to the site; passed on to the provider. */
  readonly actionKey: string;
}

/** Locks the order's row for the rest of the transaction; 404 when the site has no such order. */
export async function lockOrder(tx: AppTx, siteId: string, orderId: string): Promise<OrderRow> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.siteId, siteId)))
    .for('update');
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  return row;
}

const PAID = new Set(['paid', 'partially_refunded']);

export interface FulfilInput {
  readonly carrier?: string | undefined;
  readonly trackingNumber?: string | undefined;
}

export async function fulfilOrder(
  context: ActionContext,
  input: FulfilInput,
): Promise<ActionOutcome> {
  const { tx, order } = context;
  if (order.fulfillmentStatus === 'cancelled') throw new AppError('ORDER_CANCELLED');
  if (order.fulfillmentStatus === 'fulfilled') throw new AppError('ORDER_ALREADY_FULFILLED');
  if (!PAID.has(order.paymentStatus)) throw new AppError('ORDER_NOT_PAID');
  await tx.update(orders).set({ fulfillmentStatus: 'fulfilled' }).where(eq(orders.id, order.id));
  const carrier = input.carrier ?? null;
  const trackingNumber = input.trackingNumber ?? null;
  await recordOrderEvent(tx, {
    orderId: order.id,
    type: 'fulfilled',
    data: { carrier, trackingNumber, trackingUrl: trackingUrl(carrier, trackingNumber) },
    owner: context.owner,
  });
  return NOTHING_RETURNED;
}

export interface RefundInput {
  readonly amount: number;
  readonly reason?: string | undefined;
  readonly restock?: boolean | undefined;
}

/** Gives money back through the provider; returns the provider's refund reference. */
async function refundThroughProvider(context: ActionContext, amountCents: number): Promise<string> {
  const { order } = context;
  const provider = context.payments.get(order.paymentProvider);
  if (!provider || order.paymentReference === null) throw new AppError('REFUND_FAILED');
  const result = await provider.refund({
    reference: order.paymentReference,
    amountCents,
    idempotencyKey: context.actionKey,
  });
  if (result.status === 'failed') throw new AppError('REFUND_FAILED');
  return result.reference;
}

async function recordRefund(
  context: ActionContext,
  refund: { amountCents: number; reason: string | null; reference: string },
): Promise<void> {
  const { tx, order } = context;
  const refunded = order.refundedCents + refund.amountCents;
  await tx
    .update(orders)
    .set({
      refundedCents: sql`${orders.refundedCents} + ${refund.amountCents}`,
      paymentStatus: refunded === order.amountPaidCents ? 'refunded' : 'partially_refunded',
    })
    .where(eq(orders.id, order.id));
  await recordOrderEvent(tx, {
    orderId: order.id,
    type: 'refunded',
    data: { amountCents: refund.amountCents, reason: refund.reason, reference: refund.reference },
    owner: context.owner,
  });
}

async function restock(context: ActionContext): Promise<ActionOutcome> {
  const returned = await returnOrderStock(context.tx, context.order.id);
  if (!returned) return NOTHING_RETURNED;
  await recordOrderEvent(context.tx, {
    orderId: context.order.id,
    type: 'restocked',
    data: { units: returned },
    owner: context.owner,
  });
  return { stockReturned: Object.keys(returned).length > 0 };
}

export async function refundOrder(
  context: ActionContext,
  input: RefundInput,
): Promise<ActionOutcome> {
  const { order } = context;
  if (!PAID.has(order.paymentStatus)) throw new AppError('ORDER_NOT_PAID');
  const left = order.amountPaidCents - order.refundedCents;
  if (input.amount > left)
    throw new AppError('REFUND_EXCEEDS_BALANCE', {
      fields: { amount: `At most ${left} can be refunded.` },
    });
  const reference = await refundThroughProvider(context, input.amount);
  await recordRefund(context, {
    amountCents: input.amount,
    reason: input.reason ?? null,
    reference,
  });
  return input.restock ? restock(context) : NOTHING_RETURNED;
}

export async function cancelOrder(
  context: ActionContext,
  input: { reason?: string | undefined },
): Promise<ActionOutcome> {
  const { tx, order } = context;
  if (order.fulfillmentStatus !== 'unfulfilled') throw new AppError('ORDER_NOT_CANCELLABLE');
  const left = order.amountPaidCents - order.refundedCents;
  const reason = input.reason ?? null;
  if (PAID.has(order.paymentStatus) && left > 0) {
    const reference = await refundThroughProvider(context, left);
    await recordRefund(context, { amountCents: left, reason, reference });
  } else if (order.paymentStatus === 'pending_payment') {
    // Never paid: the payment page's session is left to expire; the order will not take money.
    await tx.update(orders).set({ paymentStatus: 'failed' }).where(eq(orders.id, order.id));
  }
  const giftCardsCreditedCents = await creditRedemptions(tx, order.id);
  const voided = await voidIssuedGiftCards(tx, order.id);
  await tx.update(orders).set({ fulfillmentStatus: 'cancelled' }).where(eq(orders.id, order.id));
  const restocked = await restock(context);
  await recordOrderEvent(tx, {
    orderId: order.id,
    type: 'cancelled',
    data: {
      reason,
      refundedCents: PAID.has(order.paymentStatus) ? left : 0,
      giftCardsCreditedCents,
      giftCardsVoided: voided.cards,
      giftCardBalanceVoidedCents: voided.balanceCents,
    },
    owner: context.owner,
  });
  return restocked;
}
