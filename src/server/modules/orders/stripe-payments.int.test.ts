/**
 * Stripe through the official SDK against the local fake Stripe API: an order waits in
 * pending_payment until the signed webhook; paid, expired (stock back), duplicate, out of
 * order and forged deliveries; refunds that succeed and refunds Stripe refuses.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import {
  addCheckoutProducts,
  createCart,
  ITEMS,
  setCheckoutSettings,
  shopper,
  stockOf,
} from '../../../../test/helpers/checkout-fixtures.ts';
import {
  FAKE_SECRET_KEY,
  FAKE_WEBHOOK_SECRET,
  startFakeStripe,
  type FakeEvent,
  type FakeStripe,
} from '../../../../test/helpers/fake-stripe.ts';
import { NY_ADDRESS, ownerAction } from '../../../../test/helpers/order-fixtures.ts';
import { loginOwner } from '../../../../test/helpers/site-users.ts';
import { WEBSITE_ROLES } from '../../../shared/roles.ts';
import { schema } from '../../db/index.ts';
import { createSiteResolver, type SiteResolver } from '../../http/current-site.ts';
import { STRIPE_WEBHOOK_PATH } from './payment-webhook-routes.ts';

let fake: FakeStripe;
let harness: TestApp;
/**
 * How often the app dropped its cached site: in these tests only stock changes do
 * (orders/stock-changes.ts), each announced once after its commit.
 */
let invalidations = 0;
let resolver: SiteResolver | undefined;
const sites: SiteResolver = {
  current: () => (resolver ??= createSiteResolver(harness.database)).current(),
  invalidate(change) {
    invalidations += 1;
    resolver?.invalidate(change);
  },
  stockVersion: () => resolver?.stockVersion() ?? 0,
};

interface PlacedStripeOrder {
  id: string;
  number: number;
  paymentStatus: string;
  paymentUrl: string | null;
  amountPaidCents: number;
}

async function placeStripeOrder(key: string, quantity = 1): Promise<PlacedStripeOrder> {
  const { token } = await createCart(harness.database.db, [{ item: ITEMS.shirtL, quantity }]);
  const response = await (
    await shopper(harness.app, token)
  ).inject({
    method: 'POST',
    url: '/api/commerce/orders',
    headers: { 'idempotency-key': key },
    payload: {
      email: 'ada@example.com',
      shippingAddress: NY_ADDRESS,
      payment: { provider: 'stripe' },
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ order: PlacedStripeOrder }>().order;
}

function sessionOf(order: PlacedStripeOrder): string {
  const sessionId = order.paymentUrl?.split('/pay/')[1];
  if (!sessionId) throw new Error('no payment session');
  return sessionId;
}

function deliver(event: FakeEvent, secret?: string) {
  const { payload, headers } = fake.signed(event, secret);
  return harness.app.inject({ method: 'POST', url: STRIPE_WEBHOOK_PATH, payload, headers });
}

async function orderRow(id: string) {
  const [row] = await harness.database.db
    .select()
    .from(schema.orders)
    .where(eq(schema.orders.id, id));
  if (!row) throw new Error(`no order ${id}`);
  return row;
}

async function timeline(id: string) {
  const rows = await harness.database.db
    .select({ type: schema.orderEvents.type })
    .from(schema.orderEvents)
    .where(eq(schema.orderEvents.orderId, id));
  return rows.map((row) => row.type).sort();
}

async function mailKinds(id: string) {
  const rows = await harness.database.db
    .select({ kind: schema.outbox.kind })
    .from(schema.outbox)
    .where(eq(schema.outbox.reference, id));
  return rows.map((row) => row.kind);
}

beforeAll(async () => {
  fake = await startFakeStripe();
  harness = await createTestApp({
    env: {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: FAKE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.url,
    },
    sites,
  });
  await setCheckoutSettings(harness.database.db);
  await addCheckoutProducts(harness.database.db);
  await harness.database.db
    .update(schema.variants)
    .set({ qtyInStock: 20 })
    .where(eq(schema.variants.id, ITEMS.shirtL.variantId));
});
afterAll(async () => {
  await harness.close();
  await fake.close();
});

describe('checkout through Stripe', () => {
  it('takes stock, opens a Checkout Session for the amount due and waits for the webhook', async () => {
    const before = await stockOf(harness.database.db, ITEMS.shirtL.variantId);
    const order = await placeStripeOrder('stripe-1');
    expect(order.paymentStatus).toBe('pending_payment');
    const session = fake.sessions.get(sessionOf(order));
    expect(session).toMatchObject({
      amount_total: order.amountPaidCents,
      currency: 'usd',
      client_reference_id: order.id,
      customer_email: 'ada@example.com',
    });
    expect(session?.success_url).toContain(`/commerce/orders/${order.id}?token=`);
    expect(await stockOf(harness.database.db, ITEMS.shirtL.variantId)).toBe(before - 1);
    // The confirmation waits for the payment.
    expect(await mailKinds(order.id)).toEqual([]);
  });

  it('refuses the test provider when Stripe is configured', async () => {
    const { token } = await createCart(harness.database.db, [{ item: ITEMS.ebook, quantity: 1 }]);
    const response = await (
      await shopper(harness.app, token)
    ).inject({
      method: 'POST',
      url: '/api/commerce/orders',
      headers: { 'idempotency-key': 'stripe-test-provider' },
      payload: { email: 'ada@example.com', payment: { provider: 'test', token: 'success' } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { code: string } }>().error.code).toBe(
      'PAYMENT_PROVIDER_UNAVAILABLE',
    );
  });
});

describe('the webhook', () => {
  it('marks the order paid once, however often Stripe delivers, and mails the confirmation', async () => {
    const order = await placeStripeOrder('stripe-paid');
    const completed = fake.complete(sessionOf(order));
    const first = await deliver(completed);
    expect(first.statusCode).toBe(200);
    const paid = await orderRow(order.id);
    expect(paid).toMatchObject({
      paymentStatus: 'paid',
      paymentReference: fake.sessions.get(sessionOf(order))?.payment_intent,
    });
    expect(await mailKinds(order.id)).toEqual(['order-confirmation']);
    const events = await timeline(order.id);

    const duplicate = await deliver(completed);
    expect(duplicate.statusCode).toBe(200);
    // Out of order: an expiry arriving after the payment changes nothing either.
    const late = await deliver(fake.expire(sessionOf(order)));
    expect(late.statusCode).toBe(200);
    expect(await orderRow(order.id)).toEqual(paid);
    expect(await timeline(order.id)).toEqual(events);
    expect(await mailKinds(order.id)).toEqual(['order-confirmation']);
  });

  it('gives the stock back when the session expires unpaid', async () => {
    const before = await stockOf(harness.database.db, ITEMS.shirtL.variantId);
    const announced = invalidations;
    const order = await placeStripeOrder('stripe-expired', 2);
    expect(await stockOf(harness.database.db, ITEMS.shirtL.variantId)).toBe(before - 2);
    // Taking the units was announced once, after the order committed.
    expect(invalidations).toBe(announced + 1);
    const expired = fake.expire(sessionOf(order));
    expect((await deliver(expired)).statusCode).toBe(200);
    // So was giving them back; the duplicate delivery below changes nothing and says nothing.
    expect(invalidations).toBe(announced + 2);
    expect(await orderRow(order.id)).toMatchObject({
      paymentStatus: 'failed',
      fulfillmentStatus: 'cancelled',
    });
    expect(await stockOf(harness.database.db, ITEMS.shirtL.variantId)).toBe(before);
    await deliver(expired);
    expect(await stockOf(harness.database.db, ITEMS.shirtL.variantId)).toBe(before);
    expect(await timeline(order.id)).toEqual(['created', 'payment_failed']);
    expect(invalidations).toBe(announced + 2);
  });

  it('answers a forged or unsigned delivery 400 and changes nothing', async () => {
    const order = await placeStripeOrder('stripe-forged');
    const before = await orderRow(order.id);
    const completed = fake.complete(sessionOf(order));
    const forged = await deliver(completed, 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    const unsigned = await harness.app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      payload: JSON.stringify(completed),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    // A signed body altered afterwards fails the check too.
    const { payload, headers } = fake.signed(completed);
    const tampered = await harness.app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      payload: payload.replace('"paid"', '"paid" '),
      headers,
    });
    expect(tampered.statusCode).toBe(400);
    expect(await orderRow(order.id)).toEqual(before);
  });
});

describe('refunds through Stripe', () => {
  it('refund what Stripe accepts; a refund Stripe refuses answers 502 and changes nothing', async () => {
    const order = await placeStripeOrder('stripe-refund');
    await deliver(fake.complete(sessionOf(order)));
    const owner = await loginOwner(
      harness.app,
      harness.database.db,
      'stripe-manager@example.com',
      WEBSITE_ROLES.STORE_MANAGER,
    );
    const ok = await ownerAction(owner, order.id, 'refunds', { amount: 500 }, 'stripe-r1');
    expect(ok.statusCode).toBe(201);
    expect(fake.refunds).toMatchObject([
      { payment_intent: fake.sessions.get(sessionOf(order))?.payment_intent, amount: 500 },
    ]);
    expect(await orderRow(order.id)).toMatchObject({
      paymentStatus: 'partially_refunded',
      refundedCents: 500,
    });

    fake.failRefunds = true;
    try {
      const before = await orderRow(order.id);
      const refused = await ownerAction(owner, order.id, 'refunds', { amount: 100 }, 'stripe-r2');
      expect(refused.statusCode).toBe(502);
      expect(refused.json<{ error: { code: string } }>().error.code).toBe('REFUND_FAILED');
      expect(await orderRow(order.id)).toEqual(before);
      expect(fake.refunds).toHaveLength(1);
    } finally {
      fake.failRefunds = false;
    }
  });
});
