/**
 * What a payment provider's webhook does to an order paid on the provider's page:
 * - the session completed: pending_payment → paid (the charge's reference kept for refunds),
 *   then the confirmation and gift card emails;
 * - the session expired: pending_payment → failed and cancelled, with the stock, the gift card
 *   payments and the gift cards it issued given back or voided, as an owner's cancel would.
 * Each is one conditional UPDATE on the payment state, so a duplicate delivery, or an event
 * arriving after another already settled the order (out of order), changes nothing.
 */
import { and, eq } from 'drizzle-orm';
import { schema, type Database } from '../../db/index.ts';
import { creditRedemptions, voidIssuedGiftCards } from '../giftcards/index.ts';
import { recordOrderEvent } from './order-events.ts';
import { returnOrderStock } from './order-stock.ts';

const { orders } = schema;

export type HostedOutcome = 'paid' | 'expired' | 'unchanged' | 'unknown-session';

export async function confirmHostedPayment(
  database: Database,
  event: { sessionId: string; paymentReference: string | null; eventId: string },
): Promise<{ outcome: HostedOutcome; orderId: string | null }> {
  return database.withTransaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.paymentSessionId, event.sessionId));
    if (!order) return { outcome: 'unknown-session', orderId: null };
    const updated = await tx
      .update(orders)
      .set({ paymentStatus: 'paid', paymentReference: event.paymentReference })
      .where(and(eq(orders.id, order.id), eq(orders.paymentStatus, 'pending_payment')))
      .returning({ amountPaidCents: orders.amountPaidCents, provider: orders.paymentProvider });
    const row = updated[0];
    if (!row) return { outcome: 'unchanged', orderId: order.id };
    await recordOrderEvent(tx, {
      orderId: order.id,
      type: 'paid',
      data: { amountCents: row.amountPaidCents, provider: row.provider, eventId: event.eventId },
    });
    return { outcome: 'paid', orderId: order.id };
  });
}

/** An expiry that gave units back names the site, whose caches are then told (stock-changes.ts). */
export async function expireHostedPayment(
  database: Database,
  event: { sessionId: string; eventId: string },
): Promise<{ outcome: HostedOutcome; orderId: string | null; stockReturnedFor?: string }> {
  return database.withTransaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({ paymentStatus: 'failed', fulfillmentStatus: 'cancelled' })
      .where(
        and(
          eq(orders.paymentSessionId, event.sessionId),
          eq(orders.paymentStatus, 'pending_payment'),
        ),
      )
      .returning({ id: orders.id, siteId: orders.siteId });
    if (!order) return { outcome: 'unchanged', orderId: null };
    const units = await returnOrderStock(tx, order.id);
    const giftCardsCreditedCents = await creditRedemptions(tx, order.id);
    const voided = await voidIssuedGiftCards(tx, order.id);
    await recordOrderEvent(tx, {
      orderId: order.id,
      type: 'payment_failed',
      data: {
        reason: 'expired',
        eventId: event.eventId,
        units,
        giftCardsCreditedCents,
        giftCardsVoided: voided.cards,
      },
    });
    return {
      outcome: 'expired',
      orderId: order.id,
      ...(units && Object.keys(units).length > 0 ? { stockReturnedFor: order.siteId } : {}),
    };
  });
}
