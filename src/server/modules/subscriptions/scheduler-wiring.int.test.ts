/**
 * The server runs the job scheduler when asked (outside tests by default): every 60 s a due
 * renewal is made, and closing the server stops it. Only the interval timer is faked.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { setCheckoutSettings } from '../../../../test/helpers/checkout-fixtures.ts';
import { schema } from '../../db/index.ts';
import { JOB_INTERVAL_MS } from './scheduler.ts';
import {
  addSubscriptionProducts,
  startSubscription,
  SUB,
  subscriptionRow,
} from './testing/subscription-fixtures.ts';

let harness: TestApp;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  harness = await createTestApp({ scheduleJobs: true });
  await setCheckoutSettings(harness.database.db);
  await addSubscriptionProducts(harness.database.db);
});
afterAll(async () => {
  await harness.close();
  vi.useRealTimers();
});

describe('the server with scheduleJobs', () => {
  it('renews what is due every minute', async () => {
    const { db } = harness.database;
    const { subscriptionId } = await startSubscription(harness, SUB.biweekly);
    await db
      .update(schema.subscriptions)
      .set({ nextAttemptAt: sql`now() - interval '1 minute'` })
      .where(eq(schema.subscriptions.id, subscriptionId));
    vi.advanceTimersByTime(JOB_INTERVAL_MS - 1);
    expect((await subscriptionRow(db, subscriptionId)).cyclesCompleted).toBe(1);
    vi.advanceTimersByTime(1);
    for (let waited = 0; waited < 10_000; waited += 50) {
      if ((await subscriptionRow(db, subscriptionId)).cyclesCompleted === 2) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await subscriptionRow(db, subscriptionId)).cyclesCompleted).toBe(2);
    expect(JOB_INTERVAL_MS).toBe(60_000);
  });
});
