/**
 * The renewal job: every active subscription whose next attempt is due gets one renewal order
 * per run, bought exactly like a shopper's order (place-order.ts): a fresh subscription cart
 * holding the subscribed item, the stored address and shipping option, the stored test payment;
 * stock is taken by checkout's conditional UPDATE and the charge refunded if the transaction
 * does not commit. The subscription advances in that same transaction, so an order and its
 * cycle are written together or not at all.
 *
 * Concurrency: a run first claims due rows with one UPDATE over a `FOR UPDATE SKIP LOCKED`
 * selection, so two runs (two processes, or the scheduler and `vitrine jobs run`) never work on
 * the same subscription; the claim expires, so a crashed run blocks nothing for long. The order
 * of a cycle has the Idempotency-Key `subscription-renewal:<id>:<cycle>` (unique per site, also
 * passed to the payment provider) and `subscription_orders` allows one order per cycle.
 *
 * A refused renewal (declined card, provider failure, stock ran out, product gone, shipping
 * option withdrawn) is recorded on the subscription (failed attempts, reason, time) and tried
 * again after `retryDelayMs`; nothing else is written and nothing stays charged.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import { orderRequest } from '../../../shared/checkout/requests.ts';
import { AppError } from '../../../shared/errors.ts';
import { isPlanComplete, nextBillingDate } from '../../../shared/subscriptions/billing-dates.ts';
import { schema, type AppTx, type Database } from '../../db/index.ts';
import type { CurrentSite } from '../../http/current-site.ts';
import { newCartToken } from '../cart/index.ts';
import type { Mailer } from '../mail/index.ts';
import { placeOrder, type PlaceOrderDeps } from '../orders/index.ts';
import type { PaymentProviders } from '../payments/index.ts';
import { renewalEmail } from './renewal-email.ts';

const { subscriptions, subscriptionOrders, carts, cartEntries, variants, sites } = schema;

type SubscriptionRow = typeof subscriptions.$inferSelect;

export const RENEWALS = {
  /** Subscriptions claimed per query; a run keeps claiming until nothing is due. */
  batchSize: 50,
  /** A failed renewal is tried again this long after the failure. */
  retryDelayMs: 60 * 60 * 1000,
  /** How long a claim holds if its run dies; far longer than one renewal takes. */
  claimMs: 15 * 60 * 1000,
} as const;

export interface RenewalDeps {
  readonly database: Database;
  /** What counts as now: renewals due at or before it run. */
  readonly now: Date;
  readonly mailer: Mailer;
  readonly payments: PaymentProviders;
  readonly log: PlaceOrderDeps['log'];
  /** After a renewal order that took counted stock commits (orders/stock-changes.ts). */
  readonly stockChanged: PlaceOrderDeps['stockChanged'];
  readonly batchSize?: number;
  readonly retryDelayMs?: number;
  readonly claimMs?: number;
}

export type RenewalOutcome =
  | {
      readonly subscriptionId: string;
      readonly cycle: number;
      readonly status: 'renewed' | 'completed';
      readonly orderId: string;
    }
  | {
      readonly subscriptionId: string;
      readonly cycle: number;
      readonly status: 'failed';
      readonly reason: string;
    }
  /** Cancelled (or renewed elsewhere) while this run was on it: nothing was kept. */
  | { readonly subscriptionId: string; readonly cycle: number; readonly status: 'skipped' };

/** The reason recorded for a failure that is not a refusal (a database error, a bug): logged too. */
const UNEXPECTED_FAILURE = 'The renewal could not be processed; it will be tried again.';

/** Thrown inside the order transaction when the subscription is no longer ours to renew. */
class ClaimLost extends Error {
  override name = 'ClaimLost';
}

export async function runDueRenewals(deps: RenewalDeps): Promise<RenewalOutcome[]> {
  const claimToken = randomUUID();
  const outcomes: RenewalOutcome[] = [];
  const seen: string[] = [];
  for (;;) {
    const claimed = await claimDue(deps, claimToken, seen);
    if (claimed.length === 0) return outcomes;
    for (const subscription of claimed) {
      seen.push(subscription.id);
      outcomes.push(await renewOrRecord(deps, subscription, claimToken));
    }
  }
}

/**
 * Claims up to a batch of due, unclaimed (or expired-claim) active subscriptions. Rows another
 * run is claiming at this moment are skipped, not waited for; one already claimed this run is
 * never taken twice, so a long-overdue subscription renews one cycle per run.
 */
async function claimDue(
  deps: RenewalDeps,
  claimToken: string,
  seen: readonly string[],
): Promise<SubscriptionRow[]> {
  const { db } = deps.database;
  const { now } = deps;
  const due = db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, 'active'),
        lte(subscriptions.nextAttemptAt, now),
        or(isNull(subscriptions.claimedUntil), lt(subscriptions.claimedUntil, now)),
        seen.length > 0 ? notInArray(subscriptions.id, [...seen]) : undefined,
      ),
    )
    .orderBy(asc(subscriptions.nextAttemptAt), asc(subscriptions.id))
    .limit(deps.batchSize ?? RENEWALS.batchSize)
    .for('update', { skipLocked: true });
  const claimedUntil = new Date(now.getTime() + (deps.claimMs ?? RENEWALS.claimMs));
  const rows = await db
    .update(subscriptions)
    .set({ claimToken, claimedUntil })
    .where(inArray(subscriptions.id, due))
    .returning();
  return rows.sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime());
}

/** One subscription's renewal; an unexpected failure is logged and recorded, and the run goes on. */
async function renewOrRecord(
  deps: RenewalDeps,
  subscription: SubscriptionRow,
  claimToken: string,
): Promise<RenewalOutcome> {
  try {
    return await renew(deps, subscription, claimToken);
  } catch (error) {
    const cycle = subscription.cyclesCompleted + 1;
    deps.log.error({ err: error, subscriptionId: subscription.id, cycle }, 'renewal failed');
    const reason = UNEXPECTED_FAILURE;
    // If even this fails (database gone), the claim expires and a later run tries again.
    await recordFailure(deps, subscription.id, claimToken, reason, undefined).catch(
      () => undefined,
    );
    return { subscriptionId: subscription.id, cycle, status: 'failed', reason };
  }
}

async function renew(
  deps: RenewalDeps,
  subscription: SubscriptionRow,
  claimToken: string,
): Promise<RenewalOutcome> {
  const cycle = subscription.cyclesCompleted + 1;
  const base = { subscriptionId: subscription.id, cycle };
  const failed = async (reason: string, cartId?: string): Promise<RenewalOutcome> => {
    await recordFailure(deps, subscription.id, claimToken, reason, cartId);
    return { ...base, status: 'failed', reason };
  };

  const site = await loadSite(deps.database, subscription.siteId);
  const body = orderRequest.safeParse({
    email: subscription.email,
    ...(subscription.shippingAddress ? { shippingAddress: subscription.shippingAddress } : {}),
    ...(subscription.shippingOptionId ? { shippingOptionId: subscription.shippingOptionId } : {}),
    payment: { provider: subscription.paymentProvider, token: subscription.paymentToken },
  });
  if (!site || !body.success) return failed('The stored order details are no longer valid.');
  const cart = await createRenewalCart(deps.database, subscription);
  if (!cart) return failed(new AppError('ITEM_VARIANT_UNAVAILABLE').message);

  const complete = isPlanComplete(subscription.numBillingCycles, cycle);
  const next = nextBillingDate(
    subscription.billingAnchor,
    { value: subscription.billingValue, unit: subscription.billingUnit },
    cycle,
  );
  try {
    const placed = await placeOrder(
      {
        database: deps.database,
        payments: deps.payments,
        mailer: deps.mailer,
        now: () => deps.now,
        log: deps.log,
        stockChanged: deps.stockChanged,
      },
      {
        site,
        cartToken: cart.token,
        idempotencyKey: `subscription-renewal:${subscription.id}:${cycle}`,
        body: body.data,
        siteUserId: subscription.siteUserId,
        afterWrite: async (tx, written) => {
          const advanced = await tx
            .update(subscriptions)
            .set({
              cyclesCompleted: cycle,
              nextRenewalAt: next,
              nextAttemptAt: next,
              status: complete ? 'completed' : 'active',
              completedAt: complete ? deps.now : null,
              failedAttempts: 0,
              claimToken: null,
              claimedUntil: null,
              updatedAt: sql`now()`,
            })
            .where(
              and(
                eq(subscriptions.id, subscription.id),
                eq(subscriptions.status, 'active'),
                eq(subscriptions.claimToken, claimToken),
                eq(subscriptions.cyclesCompleted, subscription.cyclesCompleted),
              ),
            )
            .returning({ id: subscriptions.id });
          if (advanced.length !== 1) throw new ClaimLost();
          await tx
            .insert(subscriptionOrders)
            .values({ orderId: written.orderId, subscriptionId: subscription.id, cycle });
        },
        confirmationEmail: (order, orderSite) =>
          renewalEmail(order, orderSite, {
            cycle,
            numBillingCycles: subscription.numBillingCycles,
          }),
      },
    );
    if (placed.status === 200) {
      // The key's order exists already: this cycle was paid by an earlier run.
      await releaseClaim(deps, subscription.id, claimToken, cart.id);
      return { ...base, status: 'skipped' };
    }
    return { ...base, status: complete ? 'completed' : 'renewed', orderId: placed.order.id };
  } catch (error) {
    if (error instanceof ClaimLost) {
      await releaseClaim(deps, subscription.id, claimToken, cart.id);
      return { ...base, status: 'skipped' };
    }
    if (error instanceof AppError) return failed(failureReason(error), cart.id);
    deps.log.error({ err: error, subscriptionId: subscription.id, cycle }, 'renewal failed');
    return failed(UNEXPECTED_FAILURE, cart.id);
  }
}

function failureReason(error: AppError): string {
  const fields = error.fields ? Object.entries(error.fields).map(([k, v]) => `${k}: ${v}`) : [];
  return [`${error.code}: ${error.message}`, ...fields].join(' ').slice(0, 1_000);
}

async function loadSite(database: Database, siteId: string): Promise<CurrentSite | undefined> {
  const [row] = await database.db
    .select({ id: sites.id, title: sites.title, settings: sites.settings })
    .from(sites)
    .where(eq(sites.id, siteId));
  if (!row) return undefined;
  // As the site resolver builds it (src/server/http/current-site.ts).
  const site = {
    id: row.id,
    title: row.title,
    currency: row.settings.currency,
    timeZone: row.settings.timeZone,
    language: row.settings.language,
    settings: row.settings,
  };
  return site;
}

/** The cart this cycle's order buys; undefined when the variant is no longer sold. */
async function createRenewalCart(
  database: Database,
  subscription: SubscriptionRow,
): Promise<{ id: string; token: string } | undefined> {
  return database.withTransaction(async (tx) => {
    const [variant] = await tx
      .select({ id: variants.id })
      .from(variants)
      .where(
        and(
          eq(variants.id, subscription.variantId),
          eq(variants.productId, subscription.productId),
        ),
      );
    if (!variant) return undefined;
    const cart = { id: randomUUID(), token: newCartToken() };
    await tx.insert(carts).values({
      ...cart,
      siteId: subscription.siteId,
      currency: subscription.currency,
      kind: 'subscription',
      siteUserId: subscription.siteUserId,
    });
    await tx.insert(cartEntries).values({
      id: randomUUID(),
      cartId: cart.id,
      productId: subscription.productId,
      variantId: subscription.variantId,
      quantity: subscription.quantity,
      additionalFields: subscription.additionalFields,
    });
    return cart;
  });
}

async function recordFailure(
  deps: RenewalDeps,
  subscriptionId: string,
  claimToken: string,
  reason: string,
  cartId: string | undefined,
): Promise<void> {
  const retryAt = new Date(deps.now.getTime() + (deps.retryDelayMs ?? RENEWALS.retryDelayMs));
  await deps.database.withTransaction(async (tx) => {
    if (cartId !== undefined) await deleteUnboughtCart(tx, cartId);
    await tx
      .update(subscriptions)
      .set({
        failedAttempts: sql`${subscriptions.failedAttempts} + 1`,
        lastFailureReason: reason,
        lastFailureAt: deps.now,
        nextAttemptAt: retryAt,
        claimToken: null,
        claimedUntil: null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.claimToken, claimToken)));
  });
}

async function releaseClaim(
  deps: RenewalDeps,
  subscriptionId: string,
  claimToken: string,
  cartId: string,
): Promise<void> {
  await deps.database.withTransaction(async (tx) => {
    await deleteUnboughtCart(tx, cartId);
    await tx
      .update(subscriptions)
      .set({ claimToken: null, claimedUntil: null })
      .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.claimToken, claimToken)));
  });
}

/** A renewal cart whose order was not written is scaffolding: it goes (entries cascade). */
async function deleteUnboughtCart(tx: AppTx, cartId: string): Promise<void> {
  await tx.delete(carts).where(and(eq(carts.id, cartId), eq(carts.isPurchased, false)));
}
