/**
 * The confirmation email is written after the order commits and sent in the background: an
 * SMTP failure leaves the order untouched and the email in the outbox as failed, with its error.
 */
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { schema, type AppDb } from '../../db/index.ts';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import {
  addCheckoutProducts,
  createCart,
  ITEMS,
  setCheckoutSettings,
  shopper,
} from '../../../../test/helpers/checkout-fixtures.ts';
import { closedPort, startFakeSmtp } from '../../../../test/helpers/fake-smtp.ts';

async function outboxRowOnceSettled(db: AppDb, orderId: string) {
  for (let tries = 0; tries < 100; tries += 1) {
    const [row] = await db.select().from(schema.outbox).where(eq(schema.outbox.reference, orderId));
    if (row && row.status !== 'queued') return row;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the confirmation email was never sent nor failed');
}

async function placeEbookOrder(harness: TestApp): Promise<{ status: number; orderId: string }> {
  await setCheckoutSettings(harness.database.db);
  await addCheckoutProducts(harness.database.db);
  const { token } = await createCart(harness.database.db, [{ item: ITEMS.ebook, quantity: 1 }]);
  const visitor = await shopper(harness.app, token);
  const response = await visitor.inject({
    method: 'POST',
    url: '/api/commerce/orders',
    headers: { 'idempotency-key': 'mail-test' },
    payload: { email: 'reader@example.com', payment: { provider: 'test', token: 'success' } },
  });
  return {
    status: response.statusCode,
    orderId: response.json<{ order: { id: string } }>().order.id,
  };
}

describe('order confirmation email', () => {
  const harnesses: TestApp[] = [];
  afterAll(async () => {
    for (const harness of harnesses) await harness.close();
  });

  it('is sent through SMTP when SMTP_URL is set', async () => {
    const smtp = await startFakeSmtp();
    try {
      const harness = await createTestApp({ env: { SMTP_URL: smtp.url } });
      harnesses.push(harness);
      const { status, orderId } = await placeEbookOrder(harness);
      expect(status).toBe(201);
      const row = await outboxRowOnceSettled(harness.database.db, orderId);
      expect(row).toMatchObject({
        status: 'sent',
        kind: 'order-confirmation',
        toAddress: 'reader@example.com',
      });
      const sent = smtp.received.at(-1);
      expect(sent?.to).toEqual(['<reader@example.com>']);
      expect(sent?.data).toContain('Subject: Your Vitrine Demo Store order');
      expect(sent?.data).toContain('Thank you for your order from Vitrine Demo Store.');
    } finally {
      await smtp.close();
    }
  });

  it('failing never loses the order: it stays in the outbox as failed, with the error', async () => {
    const harness = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` },
    });
    harnesses.push(harness);
    const { status, orderId } = await placeEbookOrder(harness);
    expect(status).toBe(201);
    const row = await outboxRowOnceSettled(harness.database.db, orderId);
    expect(row.status).toBe('failed');
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
    const [order] = await harness.database.db
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.id, orderId));
    expect(order?.grandTotalCents).toBe(1_000);
  });
});
