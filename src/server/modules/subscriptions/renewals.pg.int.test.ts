/**
 * Real PostgreSQL: renewal runs at the same time (several processes, or the scheduler beside
 * `vitrine jobs run`) claim disjoint subscriptions, so every due renewal happens exactly once:
 * one order and one charge per subscription and cycle.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { describeWithPostgres } from '../../../../test/helpers/db.ts';
import { setCheckoutSettings } from '../../../../test/helpers/checkout-fixtures.ts';
import { billingDate } from '../../../shared/subscriptions/billing-dates.ts';
import { schema } from '../../db/index.ts';
import { createMailer } from '../mail/mailer.ts';
import { createPaymentProviders, createTestPaymentProvider } from '../payments/index.ts';
import { runDueRenewals } from './renewals.ts';
import {
  addSubscriptionProducts,
  startSubscription,
  SUB,
} from './testing/subscription-fixtures.ts';

const SUBSCRIPTIONS = 30;
const RUNNERS = 3;
const ROUNDS = 3;
const log = { warn: () => undefined, error: () => undefined };

describeWithPostgres('renewal runs at the same time', () => {
  let harness: TestApp;
  const ids: string[] = [];
  let anchor = new Date(0);

  beforeAll(async () => {
    harness = await createTestApp();
    await setCheckoutSettings(harness.database.db);
    await addSubscriptionProducts(harness.database.db);
    for (let i = 0; i < SUBSCRIPTIONS; i += 1) {
      ids.push((await startSubscription(harness, SUB.biweekly)).subscriptionId);
    }
    // The latest first order: every subscription is due once the next date after it passes.
    const rows = await harness.database.db
      .select({ anchor: schema.subscriptions.billingAnchor })
      .from(schema.subscriptions);
    anchor = new Date(Math.max(...rows.map((row) => row.anchor.getTime())));
  }, 120_000);
  afterAll(() => harness.close());

  it.each(Array.from({ length: ROUNDS }, (_, round) => round + 1))(
    `round %i: ${RUNNERS} concurrent runs renew each of ${SUBSCRIPTIONS} subscriptions exactly once`,
    async (round) => {
      const { db } = harness.database;
      const now = new Date(
        billingDate(anchor, { value: 2, unit: 'WEEK' }, round).getTime() + 60_000,
      );
      const providers = Array.from({ length: RUNNERS }, () => createTestPaymentProvider());
      const runs = await Promise.all(
        providers.map((provider, runner) =>
          runDueRenewals({
            database: harness.database,
            now,
            mailer: createMailer({ database: harness.database }),
            payments: createPaymentProviders([provider]),
            log,
            stockChanged: () => undefined,
            // Small batches: the runs claim again and again while the others are claiming.
            batchSize: runner + 1,
          }),
        ),
      );
      const outcomes = runs.flat();
      expect(outcomes.filter((outcome) => outcome.status !== 'renewed')).toEqual([]);
      expect(outcomes).toHaveLength(SUBSCRIPTIONS);
      expect(new Set(outcomes.map((outcome) => outcome.subscriptionId)).size).toBe(SUBSCRIPTIONS);
      expect(outcomes.every((outcome) => outcome.cycle === round + 1)).toBe(true);

      const charges = providers.flatMap((provider) => [...provider.charges.values()]);
      expect(charges).toHaveLength(SUBSCRIPTIONS);
      expect(new Set(charges.map((charge) => charge.idempotencyKey)).size).toBe(SUBSCRIPTIONS);
      expect(charges.every((charge) => !charge.refunded)).toBe(true);

      const links = await db
        .select({ id: schema.subscriptionOrders.subscriptionId })
        .from(schema.subscriptionOrders)
        .where(inArray(schema.subscriptionOrders.subscriptionId, ids));
      expect(links).toHaveLength(SUBSCRIPTIONS * (round + 1));
      const rows = await db
        .select({ cycles: schema.subscriptions.cyclesCompleted })
        .from(schema.subscriptions)
        .where(eq(schema.subscriptions.status, 'active'));
      expect(rows.map((row) => row.cycles)).toEqual(Array(SUBSCRIPTIONS).fill(round + 1));
    },
  );
});
