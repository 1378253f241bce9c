/**
 * The renewal job on subscriptions started through the API: cycles, completion, failures
 * (declined, provider error, out of stock) recorded and retried without a charge, a
 * cancellation while a renewal is in flight, the renewal email, and the scheduler.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { setCheckoutSettings, stockOf } from '../../../../test/helpers/checkout-fixtures.ts';
import { billingDate } from '../../../shared/subscriptions/billing-dates.ts';
import { schema } from '../../db/index.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { createPaymentProviders, createTestPaymentProvider } from '../payments/index.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { RENEWAL_EMAIL_KIND } from './renewal-email.ts';
import { RENEWALS, runDueRenewals, type RenewalOutcome } from './renewals.ts';
import { startJobScheduler } from './scheduler.ts';
import {
  addSubscriptionProducts,
  startSubscription,
  SUB,
  subscriptionRow,
} from './testing/subscription-fixtures.ts';

let harness: TestApp;
let mailer: Mailer;
let provider: ReturnType<typeof createTestPaymentProvider>;
const log = { warn: () => undefined, error: () => undefined };
/** The sites each renewal announced a stock change for, in order. */
const stockChanges: string[] = [];
const stockChanged = (siteId: string) => void stockChanges.push(siteId);

beforeAll(async () => {
  harness = await createTestApp();
  await setCheckoutSettings(harness.database.db);
  await addSubscriptionProducts(harness.database.db);
  mailer = createMailer({ database: harness.database });
});
afterAll(() => harness.close());

beforeEach(async () => {
  provider = createTestPaymentProvider();
  // Each test renews only what it started.
  await harness.database.db.update(schema.subscriptions).set({ status: 'cancelled' });
});

const MINUTE = 60_000;
const after = (date: Date, ms = MINUTE) => new Date(date.getTime() + ms);

function run(now: Date, payments: PaymentProvider = provider): Promise<RenewalOutcome[]> {
  return runDueRenewals({
    database: harness.database,
    now,
    mailer,
    payments: createPaymentProviders([payments]),
    log,
    stockChanged,
  });
}

async function ordersOf(subscriptionId: string) {
  return harness.database.db
    .select({ orderId: schema.subscriptionOrders.orderId, cycle: schema.subscriptionOrders.cycle })
    .from(schema.subscriptionOrders)
    .where(eq(schema.subscriptionOrders.subscriptionId, subscriptionId))
    .orderBy(schema.subscriptionOrders.cycle);
}

async function tableCounts() {
  const { db } = harness.database;
  const n = async (table: typeof schema.orders | typeof schema.carts | typeof schema.outbox) =>
    (await db.select({ n: count() }).from(table))[0]?.n;
  return {
    orders: await n(schema.orders),
    carts: await n(schema.carts),
    outbox: await n(schema.outbox),
  };
}

describe('runDueRenewals', () => {
  it('renews a plan of 3 cycles exactly twice, one order per cycle, then completes it', async () => {
    const { db } = harness.database;
    const { subscriptionId, orderId } = await startSubscription(harness, SUB.monthly3);
    const start = await subscriptionRow(db, subscriptionId);
    const monthly = { value: 1, unit: 'MONTH' } as const;
    const stockAfterFirst = await stockOf(db, SUB.monthly3.variantId);

    // Not due yet: nothing happens.
    expect(await run(after(billingDate(start.billingAnchor, monthly, 1), -1_000))).toEqual([]);

    const cycle2At = after(billingDate(start.billingAnchor, monthly, 1));
    stockChanges.length = 0;
    const second = await run(cycle2At);
    expect(second).toMatchObject([{ subscriptionId, cycle: 2, status: 'renewed' }]);
    const renewalId = (second[0] as { orderId: string }).orderId;
    expect(await run(cycle2At)).toEqual([]);
    expect(await stockOf(db, SUB.monthly3.variantId)).toBe(stockAfterFirst - 1);
    // The renewal took a unit: the product pages' caches were told once, after it committed.
    expect(stockChanges).toEqual([start.siteId]);
    let row = await subscriptionRow(db, subscriptionId);
    expect(row).toMatchObject({ status: 'active', cyclesCompleted: 2, failedAttempts: 0 });
    expect(row.nextRenewalAt.toISOString()).toBe(
      billingDate(start.billingAnchor, monthly, 2).toISOString(),
    );

    // Charged with the stored payment, under the cycle's key, for what the order says.
    const [order] = await db.select().from(schema.orders).where(eq(schema.orders.id, renewalId));
    expect(order).toMatchObject({ email: 'ada@example.com', paymentProvider: 'test' });
    expect([...provider.charges.values()]).toMatchObject([
      {
        amountCents: order?.amountPaidCents,
        token: 'success',
        idempotencyKey: `subscription-renewal:${subscriptionId}:2`,
        refunded: false,
      },
    ]);
    const [line] = await db
      .select()
      .from(schema.orderLines)
      .where(eq(schema.orderLines.orderId, renewalId));
    expect(line).toMatchObject({ productId: SUB.monthly3.itemId, quantity: 1 });
    // The renewal's cart is a purchased subscription cart of that order.
    const [cart] = await db.select().from(schema.carts).where(eq(schema.carts.orderId, renewalId));
    expect(cart).toMatchObject({ kind: 'subscription', isPurchased: true });

    // The confirmation goes through the outbox, like an order's.
    const [mail] = await db
      .select()
      .from(schema.outbox)
      .where(
        and(eq(schema.outbox.kind, RENEWAL_EMAIL_KIND), eq(schema.outbox.reference, renewalId)),
      );
    expect(mail).toMatchObject({ toAddress: 'ada@example.com', status: 'queued' });
    expect(mail?.subject).toContain('subscription has renewed');
    expect(mail?.textBody).toContain('payment 2 of 3');

    const third = await run(after(billingDate(start.billingAnchor, monthly, 2)));
    expect(third).toMatchObject([{ subscriptionId, cycle: 3, status: 'completed' }]);
    row = await subscriptionRow(db, subscriptionId);
    expect(row).toMatchObject({ status: 'completed', cyclesCompleted: 3 });
    expect(row.completedAt).not.toBeNull();

    for (const months of [3, 4, 24]) {
      expect(await run(after(billingDate(start.billingAnchor, monthly, months)))).toEqual([]);
    }
    const orders = await ordersOf(subscriptionId);
    expect(orders.map((o) => o.cycle)).toEqual([1, 2, 3]);
    expect(orders[0]?.orderId).toBe(orderId);
    expect(provider.charges.size).toBe(2);
  });

  it('keeps renewing a plan of 0 cycles, dates counted from the first order', async () => {
    const { db } = harness.database;
    const { subscriptionId } = await startSubscription(harness, SUB.biweekly);
    const anchor = (await subscriptionRow(db, subscriptionId)).billingAnchor;
    const every2Weeks = { value: 2, unit: 'WEEK' } as const;
    for (let cycle = 2; cycle <= 6; cycle += 1) {
      const outcomes = await run(after(billingDate(anchor, every2Weeks, cycle - 1)));
      expect(outcomes).toMatchObject([{ subscriptionId, cycle, status: 'renewed' }]);
    }
    const row = await subscriptionRow(db, subscriptionId);
    expect(row).toMatchObject({ status: 'active', cyclesCompleted: 6 });
    expect(row.nextRenewalAt.toISOString()).toBe(
      new Date(anchor.getTime() + 12 * 7 * 24 * 60 * MINUTE).toISOString(),
    );
    expect(await ordersOf(subscriptionId)).toHaveLength(6);
  });

  it('completes a plan of 1 cycle with its first order and never renews it', async () => {
    const { db } = harness.database;
    await db
      .update(schema.products)
      .set({ subscriptionPlan: { billingPeriod: { value: 1, unit: 'YEAR' }, numBillingCycles: 1 } })
      .where(eq(schema.products.id, SUB.service.itemId));
    const { subscriptionId } = await startSubscription(harness, SUB.service, {
      body: { shippingAddress: undefined },
    });
    const row = await subscriptionRow(db, subscriptionId);
    expect(row).toMatchObject({ status: 'completed', cyclesCompleted: 1, numBillingCycles: 1 });
    expect(row.completedAt?.toISOString()).toBe(row.billingAnchor.toISOString());
    expect(await run(after(row.billingAnchor, 3 * 365 * 24 * 60 * MINUTE))).toEqual([]);
  });

  it('renews a long-overdue subscription one cycle per run', async () => {
    const { db } = harness.database;
    const { subscriptionId } = await startSubscription(harness, SUB.biweekly);
    const anchor = (await subscriptionRow(db, subscriptionId)).billingAnchor;
    const late = after(anchor, 365 * 24 * 60 * MINUTE);
    expect(await run(late)).toMatchObject([{ subscriptionId, cycle: 2, status: 'renewed' }]);
    expect(await run(late)).toMatchObject([{ subscriptionId, cycle: 3, status: 'renewed' }]);
  });

  it('records a declined renewal with its reason, writes and charges nothing, and retries later', async () => {
    const { db } = harness.database;
    const { subscriptionId } = await startSubscription(harness, SUB.biweekly);
    const start = await subscriptionRow(db, subscriptionId);
    await db
      .update(schema.subscriptions)
      .set({ paymentToken: 'decline' })
      .where(eq(schema.subscriptions.id, subscriptionId));
    const before = await tableCounts();
    const due = after(start.nextRenewalAt);

    const failed = await run(due);
    expect(failed).toMatchObject([{ subscriptionId, cycle: 2, status: 'failed' }]);
    expect((failed[0] as { reason: string }).reason).toContain('PAYMENT_DECLINED');
    let row = await subscriptionRow(db, subscriptionId);
    expect(row).toMatchObject({ status: 'active', cyclesCompleted: 1, failedAttempts: 1 });
    expect(row.lastFailureReason).toContain('Your payment was declined.');
    expect(row.lastFailureAt?.toISOString()).toBe(due.toISOString());
    expect(row.nextAttemptAt.toISOString()).toBe(after(due, RENEWALS.retryDelayMs).toISOString());
    expect(row.nextRenewalAt.toISOString()).toBe(start.nextRenewalAt.toISOString());
    expect(row.claimToken).toBeNull();
    // No order, no cart left behind, no email, no charge.
    expect(await tableCounts()).toEqual(before);
    expect(provider.charges.size).toBe(0);

    // Not again before the retry delay; then again (still declined), then a provider error.
    expect(await run(after(due, RENEWALS.retryDelayMs - 2 * MINUTE))).toEqual([]);
    expect(await run(after(due, RENEWALS.retryDelayMs))).toMatchObject([{ status: 'failed' }]);
    await db
      .update(schema.subscriptions)
      .set({ paymentToken: 'error' })
      .where(eq(schema.subscriptions.id, subscriptionId));
    const errored = await run(after(due, 2 * RENEWALS.retryDelayMs));
    expect((errored[0] as { reason: string }).reason).toContain('PAYMENT_FAILED');
    row = await subscriptionRow(db, subscriptionId);
    expect(row.failedAttempts).toBe(3);
    expect(await tableCounts()).toEqual(before);

    // A working card: the cycle is paid, the failures reset, the schedule unchanged.
    await db
      .update(schema.subscriptions)
      .set({ paymentToken: 'success' })
      .where(eq(schema.subscriptions.id, subscriptionId));
    expect(await run(after(due, 3 * RENEWALS.retryDelayMs))).toMatchObject([
      { subscriptionId, cycle: 2, status: 'renewed' },
    ]);
    row = await subscriptionRow(db, subscriptionId);
    expect(row).toMatchObject({ cyclesCompleted: 2, failedAttempts: 0 });
    expect(row.nextRenewalAt.toISOString()).toBe(
      billingDate(start.billingAnchor, { value: 2, unit: 'WEEK' }, 2).toISOString(),
    );
    expect(provider.charges.size).toBe(1);
  });

  it('records an out-of-stock renewal without charging, and renews once restocked', async () => {
    const { db } = harness.database;
    const { subscriptionId } = await startSubscription(harness, SUB.scarce);
    expect(await stockOf(db, SUB.scarce.variantId)).toBe(0);
    const start = await subscriptionRow(db, subscriptionId);
    const before = await tableCounts();
    const due = after(start.nextRenewalAt);
    const failed = await run(due);
    expect(failed).toMatchObject([{ subscriptionId, status: 'failed' }]);
    expect((failed[0] as { reason: string }).reason).toBe(
      'INSUFFICIENT_STOCK: Sorry, we do not have enough of that item available.',
    );
    expect(await tableCounts()).toEqual(before);
    expect(provider.charges.size).toBe(0);
    expect(await stockOf(db, SUB.scarce.variantId)).toBe(0);

    await db
      .update(schema.variants)
      .set({ qtyInStock: 1 })
      .where(eq(schema.variants.id, SUB.scarce.variantId));
    expect(await run(after(due, RENEWALS.retryDelayMs))).toMatchObject([{ status: 'renewed' }]);
    expect(await stockOf(db, SUB.scarce.variantId)).toBe(0);
  });

  it('never renews a cancelled subscription, and refunds a renewal cancelled while in flight', async () => {
    const { db } = harness.database;
    const { subscriptionId } = await startSubscription(harness, SUB.biweekly);
    const start = await subscriptionRow(db, subscriptionId);
    const due = after(start.nextRenewalAt);
    const before = await tableCounts();

    // The shopper cancels between the charge and the order's transaction.
    const cancelling: PaymentProvider = {
      id: 'test',
      charge: async (request) => {
        const result = await provider.charge(request);
        await db
          .update(schema.subscriptions)
          .set({ status: 'cancelled', cancelledAt: new Date() })
          .where(eq(schema.subscriptions.id, subscriptionId));
        return result;
      },
      refund: (refund) => provider.refund(refund),
    };
    expect(await run(due, cancelling)).toMatchObject([
      { subscriptionId, cycle: 2, status: 'skipped' },
    ]);
    expect([...provider.charges.values()]).toMatchObject([{ refunded: true }]);
    expect(await tableCounts()).toEqual(before);
    const row = await subscriptionRow(db, subscriptionId);
    expect(row).toMatchObject({ status: 'cancelled', cyclesCompleted: 1, claimToken: null });

    for (const weeks of [2, 4, 52]) {
      expect(await run(after(start.billingAnchor, weeks * 7 * 24 * 60 * MINUTE + MINUTE))).toEqual(
        [],
      );
    }
    expect(await ordersOf(subscriptionId)).toHaveLength(1);
  });

  it('records a renewal whose variant is gone', async () => {
    const { db } = harness.database;
    const { subscriptionId } = await startSubscription(harness, SUB.biweekly);
    const start = await subscriptionRow(db, subscriptionId);
    await db
      .update(schema.subscriptions)
      .set({ variantId: 'no-longer-sold' })
      .where(eq(schema.subscriptions.id, subscriptionId));
    const outcomes = await run(after(start.nextRenewalAt));
    expect(outcomes).toMatchObject([{ subscriptionId, status: 'failed' }]);
    expect((await subscriptionRow(db, subscriptionId)).lastFailureReason).toBe(
      'Sorry, that item variant is unavailable. Please select another variant.',
    );
  });
});

describe('an unexpected failure', () => {
  it('is logged and recorded, and the run goes on with the next subscription', async () => {
    const { db } = harness.database;
    const first = await startSubscription(harness, SUB.biweekly);
    const second = await startSubscription(harness, SUB.biweekly);
    const due = after((await subscriptionRow(db, second.subscriptionId)).nextRenewalAt);
    const before = await tableCounts();
    let calls = 0;
    const flaky: PaymentProvider = {
      id: 'test',
      charge: (request) => {
        calls += 1;
        if (calls === 1) throw new Error('connection reset');
        return provider.charge(request);
      },
      refund: (refund) => provider.refund(refund),
    };
    const errors: object[] = [];
    const outcomes = await runDueRenewals({
      database: harness.database,
      now: due,
      mailer,
      payments: createPaymentProviders([flaky]),
      log: { warn: () => undefined, error: (object) => errors.push(object) },
      stockChanged,
    });
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['failed', 'renewed']);
    const failed = outcomes.find((outcome) => outcome.status === 'failed');
    expect(failed).toMatchObject({
      reason: 'The renewal could not be processed; it will be tried again.',
    });
    expect(errors).toHaveLength(1);
    const failedRow = await subscriptionRow(db, failed?.subscriptionId ?? '');
    expect(failedRow).toMatchObject({ failedAttempts: 1, cyclesCompleted: 1, claimToken: null });
    // One order more (the renewed one), and no cart left behind by the failed one.
    const afterRun = await tableCounts();
    expect(afterRun.orders).toBe((before.orders ?? 0) + 1);
    expect(afterRun.carts).toBe((before.carts ?? 0) + 1);
    expect([first.subscriptionId, second.subscriptionId]).toContain(failed?.subscriptionId);
  });
});

describe('the job scheduler', () => {
  it('runs due renewals on its interval and stops', async () => {
    const { db } = harness.database;
    const { subscriptionId } = await startSubscription(harness, SUB.biweekly);
    const start = await subscriptionRow(db, subscriptionId);
    const scheduler = startJobScheduler(
      {
        database: harness.database,
        mailer,
        payments: createPaymentProviders([provider]),
        log,
        stockChanged,
        now: () => after(start.nextRenewalAt),
      },
      { intervalMs: 20 },
    );
    try {
      for (let waited = 0; waited < 5_000; waited += 50) {
        if ((await ordersOf(subscriptionId)).length === 2) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await scheduler.stop();
    }
    expect(await ordersOf(subscriptionId)).toHaveLength(2);
    expect((await subscriptionRow(db, subscriptionId)).cyclesCompleted).toBe(2);
  });
});
