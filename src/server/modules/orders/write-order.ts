/**
 * The order transaction. Everything that makes a purchase happens here or not at all: the cart
 * is locked and re-read (what was charged must still be what is bought), stock is taken with
 * conditional UPDATEs (the same variant summed across entries, in variant-id order so
 * concurrent checkouts never deadlock), the order and its lines are written, gift cards are
 * debited and issued, the coupon's use recorded and the cart marked purchased.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { PRODUCT_TYPES } from '../../../shared/catalog/product-types.ts';
import type { CheckoutQuote } from '../../../shared/checkout/quote.ts';
import type { OrderRequest } from '../../../shared/checkout/requests.ts';
import type { CheckoutSettings } from '../../../shared/checkout/settings.ts';
import { AppError } from '../../../shared/errors.ts';
import { schema, type AppTx } from '../../db/index.ts';
import { decrementStock } from '../catalog/index.ts';
import { loadCheckoutLines, lockCart, type CheckoutLine } from '../checkout/index.ts';
import { quoteLines } from '../checkout/index.ts';
import { debitGiftCard, findGiftCards, issueGiftCards } from '../giftcards/index.ts';
import { recordOrderEvents } from './order-events.ts';
import { nextOrderNumber } from './order-number.ts';

const { orders, orderLines, couponUsages, carts } = schema;

/** The cart was bought by another request while this one was on its way. */
export class CartAlreadyPurchased extends Error {
  override name = 'CartAlreadyPurchased';
}

export interface OrderPlan {
  /** Chosen before the transaction when a hosted payment page must name the order. */
  readonly orderId?: string;
  readonly siteId: string;
  readonly cartId: string;
  readonly currency: string;
  readonly body: OrderRequest;
  readonly idempotencyKey: string;
  readonly requestHash: string;
  readonly settings: CheckoutSettings;
  /** What was priced and charged before the transaction; the transaction must see the same. */
  readonly quoted: CheckoutQuote;
  readonly linesSignature: string;
  readonly payment: {
    provider: string;
    reference: string | null;
    /** 'paid' when charged (or nothing to charge); 'pending_payment' until a hosted page's webhook. */
    status: 'paid' | 'pending_payment';
    /** The hosted payment page's session and address (pending_payment only). */
    session?: { id: string; url: string } | null;
  };
  /** The logged-in site user buying, if any. */
  readonly siteUserId?: string | null;
  readonly now: Date;
  /** More writes of the same transaction once the order is written (a subscription's row). */
  readonly afterWrite?: AfterOrderWrite;
}

/** What an order's transaction wrote, for a step that must commit or roll back with it. */
export interface WrittenOrder {
  readonly orderId: string;
  readonly lines: readonly CheckoutLine[];
  readonly quote: CheckoutQuote;
}
export type AfterOrderWrite = (tx: AppTx, written: WrittenOrder) => Promise<void>;

/** What the transaction did that matters once it has committed. */
export interface OrderWriteResult {
  readonly orderId: string;
  /**
   * Whether a variant's count went down: an order of unlimited variants only (downloads, gift
   * cards) changes nothing a product page shows, so it need not be announced (stock-changes.ts).
   */
  readonly countedStockTaken: boolean;
}

export function linesSignature(lines: readonly CheckoutLine[]): string {
  return JSON.stringify(
    lines.map((l) => [l.id, l.variantId, l.quantity, l.unitPriceCents, l.productType]),
  );
}

/** Units per variant across the cart's entries, in variant-id order (the lock order). */
export function unitsByVariant(
  lines: readonly CheckoutLine[],
): [variantId: string, units: number][] {
  const units = new Map<string, number>();
  for (const line of lines)
    units.set(line.variantId, (units.get(line.variantId) ?? 0) + line.quantity);
  return [...units.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

function changed(): AppError {
  return new AppError('CHECKOUT_CHANGED');
}

export async function writeOrder(tx: AppTx, plan: OrderPlan): Promise<OrderWriteResult> {
  const cart = await lockCart(tx, plan.cartId);
  if (!cart) throw changed();
  if (cart.isPurchased) throw new CartAlreadyPurchased();

  const lines = await loadCheckoutLines(tx, plan.cartId);
  if (linesSignature(lines) !== plan.linesSignature) throw changed();
  const giftCards = await findGiftCards(tx, plan.siteId, plan.body.giftCardCodes ?? [], {
    lock: true,
  });
  const quote = quoteLines(
    { currency: plan.currency, lines, settings: plan.settings, request: plan.body, giftCards },
    plan.now,
  );
  if (
    quote.grandTotalCents !== plan.quoted.grandTotalCents ||
    quote.amountDueCents !== plan.quoted.amountDueCents ||
    quote.invalidGiftCards.length > 0
  ) {
    throw changed();
  }

  let countedStockTaken = false;
  for (const [variantId, units] of unitsByVariant(lines)) {
    const taken = await decrementStock(tx, variantId, units);
    if (!taken.ok) throw new AppError('INSUFFICIENT_STOCK');
    if (!taken.unlimited) countedStockTaken = true;
  }

  const orderId = plan.orderId ?? randomUUID();
  const address = plan.body.shippingAddress;
  // Taken late, so concurrent orders of the site wait on the counter only for the last writes.
  const number = await nextOrderNumber(tx, plan.siteId);
  await tx.insert(orders).values({
    id: orderId,
    siteId: plan.siteId,
    number,
    siteUserId: plan.siteUserId ?? null,
    paymentStatus: plan.payment.status,
    cartId: plan.cartId,
    idempotencyKey: plan.idempotencyKey,
    requestHash: plan.requestHash,
    email: plan.body.email,
    currency: plan.currency,
    subtotalCents: quote.subtotalCents,
    discountCents: quote.discountCents,
    shippingCostCents: quote.shippingCostCents,
    taxCents: quote.taxCents,
    grandTotalCents: quote.grandTotalCents,
    giftCardCents: quote.giftCardCents,
    amountPaidCents: quote.amountDueCents,
    // Digital-only orders keep an address only when one was given; it is never required.
    shippingAddress: address ? stripUndefined(address) : null,
    shippingOption: quote.selectedShippingOption,
    taxLines: quote.applicableTaxRules,
    paymentProvider: plan.payment.provider,
    paymentReference: plan.payment.reference,
    paymentSessionId: plan.payment.session?.id ?? null,
    paymentUrl: plan.payment.session?.url ?? null,
  });

  const lineRows = lines.map((line, position) => ({
    id: randomUUID(),
    orderId,
    position,
    productId: line.itemId,
    variantId: line.variantId,
    productType: line.productType,
    title: line.title,
    sku: line.sku,
    attributes: line.attributes,
    additionalFields: line.additionalFields,
    giftCardRecipient: line.giftCardRecipient,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    lineTotalCents: line.unitPriceCents * line.quantity,
  }));
  await tx.insert(orderLines).values(lineRows);

  const coupon = quote.validCoupons[0];
  if (coupon) {
    await tx.insert(couponUsages).values({
      orderId,
      siteId: plan.siteId,
      code: coupon.code,
      discountCents: coupon.discountCents,
    });
  }

  for (const redemption of quote.giftCardRedemptions) {
    const debited = await debitGiftCard(tx, {
      giftCardId: redemption.giftCardId,
      orderId,
      amountCents: redemption.amountCents,
    });
    if (!debited) throw changed();
  }

  // One card per unit bought, worth what was paid for it.
  await issueGiftCards(
    tx,
    lineRows
      .filter((line) => line.productType === PRODUCT_TYPES.GIFT_CARD && line.unitPriceCents > 0)
      .flatMap((line) =>
        Array.from({ length: line.quantity }, () => ({
          siteId: plan.siteId,
          currency: plan.currency,
          balanceCents: line.unitPriceCents,
          sourceOrderId: orderId,
          sourceOrderLineId: line.id,
        })),
      ),
  );

  const marked = await tx
    .update(carts)
    .set({ isPurchased: true, orderId, updatedAt: sql`now()` })
    .where(and(eq(carts.id, plan.cartId), eq(carts.isPurchased, false)))
    .returning({ id: carts.id });
  // The row is locked by this transaction, so this cannot miss; checked all the same.
  if (marked.length !== 1) throw new CartAlreadyPurchased();
  // One statement: the rows of this transaction hold the hot stock rows' locks till commit.
  await recordOrderEvents(tx, [
    { orderId, type: 'created', data: { number } },
    ...(plan.payment.status === 'paid'
      ? [
          {
            orderId,
            type: 'paid' as const,
            data: { amountCents: quote.amountDueCents, provider: plan.payment.provider },
          },
        ]
      : []),
  ]);
  if (plan.afterWrite) await plan.afterWrite(tx, { orderId, lines, quote });
  return { orderId, countedStockTaken };
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
