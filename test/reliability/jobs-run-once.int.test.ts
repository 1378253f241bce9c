/**
 * Jobs run once across processes (docs/adr/013-several-processes.md): three processes — three
 * pools on one PostgreSQL database, each with its own services, mailer and SMTP transport, as
 * `serve --workers 3` or three servers run them — take their scheduler's passes at the same
 * moment against one due renewal and the mail waiting in the outbox, while one of them also
 * sends that mail from a request's background send. Exactly one renewal order, one charge, and
 * each outbox message handed to SMTP once.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { billingDate } from '../../src/shared/subscriptions/billing-dates.ts';
import { openDatabase, schema, type Database } from '../../src/server/db/index.ts';
import { createMailer, type MailTransport } from '../../src/server/modules/mail/index.ts';
import { OUTBOX_RELAY } from '../../src/server/modules/mail/relay.ts';
import { createTestPaymentProvider } from '../../src/server/modules/payments/index.ts';
import { runDueJobs } from '../../src/server/modules/subscriptions/jobs.ts';
import {
  addSubscriptionProducts,
  startSubscription,
  SUB,
} from '../../src/server/modules/subscriptions/testing/subscription-fixtures.ts';
import { createServices } from '../../src/server/services.ts';
import { createTestApp, testConfig, type TestApp } from '../helpers/app.ts';
import { setCheckoutSettings } from '../helpers/checkout-fixtures.ts';
import { describeWithPostgres } from '../helpers/db.ts';

const PROCESSES = 3;
const PASSES = 3;
const log = { warn: () => undefined, error: () => undefined };

/** An SMTP transport that records what it was handed; each send takes a while, as a real one does. */
function recordingTransport(sent: string[]): MailTransport {
  return {
    async sendMail(message) {
      sent.push(`${message.to}|${message.subject}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      return {};
    },
  };
}

describeWithPostgres('jobs run once across processes', () => {
  let harness: TestApp;
  const pools: Database[] = [];

  beforeAll(async () => {
    harness = await createTestApp();
    await setCheckoutSettings(harness.database.db);
    await addSubscriptionProducts(harness.database.db);
    const url = harness.scopedUrl;
    if (url === undefined) throw new Error('PostgreSQL test database expected');
    for (let i = 0; i < PROCESSES; i += 1)
      pools.push(await openDatabase({ databaseUrl: url, dataDir: harness.config.dataDir }));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.close()));
    await harness?.close();
  });

  it(`${PROCESSES} processes' schedulers: one renewal, one charge, every mail sent once`, async () => {
    const { db } = harness.database;
    // A subscription (its first order queued a confirmation in the outbox: the app has no SMTP).
    const { subscriptionId } = await startSubscription(harness, SUB.biweekly);
    const [subscription] = await db
      .select({ anchor: schema.subscriptions.billingAnchor })
      .from(schema.subscriptions)
      .where(eq(schema.subscriptions.id, subscriptionId));
    if (!subscription) throw new Error('no subscription');
    const due = new Date(
      billingDate(subscription.anchor, { value: 2, unit: 'WEEK' }, 1).getTime() + 60_000,
    );
    const queued = await db
      .select({ id: schema.outbox.id })
      .from(schema.outbox)
      .where(eq(schema.outbox.status, 'queued'));
    expect(queued.length).toBeGreaterThan(0);

    const sent: string[] = [];
    const config = testConfig({ SMTP_URL: 'smtp://relay.invalid:2525' });
    const processes = pools.map((pool) => {
      const provider = createTestPaymentProvider();
      const services = createServices(config, pool, {
        paymentProvider: provider,
        mailer: createMailer({ database: pool, transport: recordingTransport(sent) }),
        now: () => due,
      });
      return { pool, provider, services };
    });
    // Every process runs its passes at once; the first also sends the queued mail itself, as a
    // request's background send does while another process's relay picks the same row.
    await Promise.all(
      processes.flatMap(({ pool, services }, index) => [
        (async () => {
          for (let pass = 0; pass < PASSES; pass += 1) {
            await Promise.all([
              runDueJobs({
                database: pool,
                mailer: services.mailer,
                payments: services.payments,
                log,
                stockChanged: () => undefined,
                now: services.now,
              }),
              services.mailer.sendWaiting({
                limit: OUTBOX_RELAY.batch,
                maxAttempts: OUTBOX_RELAY.maxAttempts,
              }),
            ]);
          }
        })(),
        ...(index === 0 ? queued.map(({ id }) => services.mailer.send(id)) : []),
      ]),
    );
    await Promise.all(processes.map(({ services }) => services.mailer.idle()));

    const renewals = await db
      .select({ orderId: schema.subscriptionOrders.orderId })
      .from(schema.subscriptionOrders)
      .where(eq(schema.subscriptionOrders.subscriptionId, subscriptionId));
    expect(renewals).toHaveLength(2);
    const charges = processes.flatMap(({ provider }) => [...provider.charges.values()]);
    expect(charges).toHaveLength(1);

    const outbox = await db
      .select({
        to: schema.outbox.toAddress,
        subject: schema.outbox.subject,
        status: schema.outbox.status,
      })
      .from(schema.outbox);
    // The first order's confirmation and the renewal's mail, each sent, each handed over once.
    expect(outbox.length).toBeGreaterThan(queued.length);
    expect(outbox.map((row) => row.status)).toEqual(outbox.map(() => 'sent'));
    expect([...sent].sort()).toEqual(outbox.map((row) => `${row.to}|${row.subject}`).sort());
  }, 120_000);
});
