/**
 * Buying a subscription cart starts its subscription, inside the order's own transaction (the
 * order, the stock taken and the subscription commit together or not at all). The order is
 * cycle 1; the plan is copied from the product as it is now; the next renewal is one billing
 * period after this order. One subscription per cart (unique cart_id), as one order per cart.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { OrderRequest } from '../../../shared/checkout/requests.ts';
import { AppError } from '../../../shared/errors.ts';
import { isPlanComplete, nextBillingDate } from '../../../shared/subscriptions/billing-dates.ts';
import { subscriptionRefusal } from '../../../shared/subscriptions/purchase-rules.ts';
import { readSubscriptionPlan } from '../../../shared/subscriptions/wording.ts';
import { schema, type AppTx } from '../../db/index.ts';
import type { CheckoutLine } from '../checkout/index.ts';

const { products, subscriptions, subscriptionOrders } = schema;

export interface StartSubscription {
  readonly siteId: string;
  readonly cartId: string;
  /** The cart's currency: renewals are bought in it. */
  readonly currency: string;
  readonly body: OrderRequest;
  readonly siteUserId: string | null;
  readonly now: Date;
}

interface Written {
  readonly orderId: string;
  readonly lines: readonly CheckoutLine[];
  readonly quote: { readonly selectedShippingOption: { readonly id: string } | null };
}

/** The step the order transaction runs after writing the order of a subscription cart. */
export function startSubscriptionStep(
  start: StartSubscription,
): (tx: AppTx, written: Written) => Promise<void> {
  return async (tx, written) => {
    await startSubscription(tx, start, written);
  };
}

export async function startSubscription(
  tx: AppTx,
  start: StartSubscription,
  written: Written,
): Promise<string> {
  const [line, ...others] = written.lines;
  // The subscription endpoint makes a cart of exactly one entry and no cart call edits it.
  if (!line || others.length > 0) throw new AppError('CHECKOUT_CHANGED');
  const [product] = await tx
    .select({
      productType: products.productType,
      isSubscribable: products.isSubscribable,
      subscriptionPlan: products.subscriptionPlan,
    })
    .from(products)
    .where(eq(products.id, line.itemId));
  if (!product) throw new AppError('ITEM_NOT_FOUND');
  // The owner may have changed the product since the cart was made: the order is refused
  // (and its charge refunded by checkout) rather than billed on a plan that no longer exists.
  const refusal = subscriptionRefusal(product);
  if (refusal) throw new AppError(refusal);
  const plan = readSubscriptionPlan(product.subscriptionPlan);
  if (!plan) throw new AppError('NOT_SUBSCRIBABLE');

  const id = randomUUID();
  const completed = isPlanComplete(plan.numBillingCycles, 1);
  const next = nextBillingDate(start.now, plan.billingPeriod, 1);
  const { body } = start;
  await tx.insert(subscriptions).values({
    id,
    siteId: start.siteId,
    siteUserId: start.siteUserId,
    email: body.email,
    cartId: start.cartId,
    firstOrderId: written.orderId,
    productId: line.itemId,
    variantId: line.variantId,
    quantity: line.quantity,
    additionalFields: line.additionalFields,
    currency: start.currency,
    billingValue: plan.billingPeriod.value,
    billingUnit: plan.billingPeriod.unit,
    numBillingCycles: plan.numBillingCycles,
    cyclesCompleted: 1,
    billingAnchor: start.now,
    nextRenewalAt: next,
    nextAttemptAt: next,
    status: completed ? 'completed' : 'active',
    completedAt: completed ? start.now : null,
    paymentProvider: body.payment.provider,
    // Checkout refuses subscriptions through a hosted payment page, so a token is always given.
    paymentToken: body.payment.token ?? '',
    shippingAddress: body.shippingAddress ?? null,
    shippingOptionId: written.quote.selectedShippingOption?.id ?? null,
  });
  await tx
    .insert(subscriptionOrders)
    .values({ orderId: written.orderId, subscriptionId: id, cycle: 1 });
  return id;
}
