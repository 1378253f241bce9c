/**
 * Orders as the API answers them: `{ id, cartId, grandTotalCents, currency, entries }` (the
 * issue's contract) plus the totals and the gift cards the order issued, so the confirmation
 * page needs no second call. Reads one order with its lines and issued cards.
 */
import { asc, eq } from 'drizzle-orm';
import { formatGiftCardCode } from '../../../shared/checkout/gift-cards.ts';
import type { GiftCardRecipient } from '../../../shared/giftcards/recipient.ts';
import { schema, type AppDb } from '../../db/index.ts';
import type { FulfillmentStatus, PaymentStatus } from '../../db/schema-orders.ts';

const { orders, orderLines, giftCards } = schema;

export interface OrderEntryView {
  readonly id: string;
  readonly itemId: string;
  readonly variantId: string;
  readonly productType: number;
  readonly title: string;
  readonly sku: string | null;
  readonly attributes: Record<string, string>;
  readonly quantity: number;
  readonly unitPriceCents: number;
  readonly subTotal: number;
}

export interface OrderView {
  readonly id: string;
  /** The per-site number people see (1001, …). */
  readonly number: number;
  readonly paymentStatus: PaymentStatus;
  readonly fulfillmentStatus: FulfillmentStatus;
  readonly cartId: string;
  readonly email: string;
  readonly currency: string;
  readonly subtotalCents: number;
  readonly discountCents: number;
  readonly shippingCostCents: number;
  readonly taxCents: number;
  readonly grandTotalCents: number;
  readonly giftCardCents: number;
  readonly amountPaidCents: number;
  readonly refundedCents: number;
  /** Where the shopper pays while the order is pending_payment (a hosted payment page); else null. */
  readonly paymentUrl: string | null;
  readonly created: number;
  readonly entries: OrderEntryView[];
  readonly issuedGiftCards: IssuedGiftCardView[];
}

export interface IssuedGiftCardView {
  readonly code: string;
  readonly balanceCents: number;
  readonly currency: string;
  /** Who the card was sent to (the gift card page's recipient); null: the buyer keeps it. */
  readonly recipient: GiftCardRecipient | null;
}

export type OrderRow = typeof orders.$inferSelect;

export async function loadOrderView(db: AppDb, orderId: string): Promise<OrderView | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return undefined;
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
  const cards = await db
    .select({
      code: giftCards.code,
      balanceCents: giftCards.initialBalanceCents,
      currency: giftCards.currency,
      recipient: orderLines.giftCardRecipient,
    })
    .from(giftCards)
    .leftJoin(orderLines, eq(orderLines.id, giftCards.sourceOrderLineId))
    .where(eq(giftCards.sourceOrderId, orderId))
    .orderBy(asc(giftCards.sourceOrderLineId), asc(giftCards.createdAt), asc(giftCards.code));
  return {
    id: order.id,
    number: order.number,
    paymentStatus: order.paymentStatus,
    fulfillmentStatus: order.fulfillmentStatus,
    cartId: order.cartId,
    email: order.email,
    currency: order.currency,
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    shippingCostCents: order.shippingCostCents,
    taxCents: order.taxCents,
    grandTotalCents: order.grandTotalCents,
    giftCardCents: order.giftCardCents,
    amountPaidCents: order.amountPaidCents,
    refundedCents: order.refundedCents,
    paymentUrl: order.paymentStatus === 'pending_payment' ? order.paymentUrl : null,
    created: order.createdAt.getTime(),
    entries: lines.map((line) => ({
      id: line.id,
      itemId: line.productId,
      variantId: line.variantId,
      productType: line.productType,
      title: line.title,
      sku: line.sku,
      attributes: line.attributes,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      subTotal: line.lineTotalCents,
    })),
    issuedGiftCards: cards.map((card) => ({ ...card, code: formatGiftCardCode(card.code) })),
  };
}
