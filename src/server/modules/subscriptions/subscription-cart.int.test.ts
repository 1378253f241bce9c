/**
 * POST /api/3/commerce/cart/subscription, reading the subscription cart by its token (the
 * checkout quote) and buying it (POST /api/commerce/orders?cartToken=), through app.inject().
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { setCheckoutSettings } from '../../../../test/helpers/checkout-fixtures.ts';
import { newVisitor, type Visitor } from '../../../../test/helpers/session.ts';
import { insertSiteUser, login } from '../../../../test/helpers/site-users.ts';
import { ERRORS } from '../../../shared/errors.ts';
import { schema } from '../../db/index.ts';
import {
  addSubscriptionProducts,
  buySubscription,
  NY_ADDRESS,
  SUB,
  subscribe,
  subscriptionRow,
  subscriptionTablesSnapshot,
} from './testing/subscription-fixtures.ts';

let harness: TestApp;
let visitor: Visitor;

beforeAll(async () => {
  harness = await createTestApp();
  await setCheckoutSettings(harness.database.db);
  await addSubscriptionProducts(harness.database.db);
  visitor = await newVisitor(harness.app);
});
afterAll(() => harness.close());

async function cartOf(token: string) {
  const { db } = harness.database;
  const [cart] = await db.select().from(schema.carts).where(eq(schema.carts.token, token));
  const entries = cart
    ? await db.select().from(schema.cartEntries).where(eq(schema.cartEntries.cartId, cart.id))
    : [];
  return { cart, entries };
}

async function expectRefused(
  payload: unknown,
  status: number,
  code: keyof typeof ERRORS,
  options: { headers?: Record<string, string>; csrf?: boolean; as?: Visitor } = {},
) {
  const { db } = harness.database;
  const before = await subscriptionTablesSnapshot(db);
  const who = options.as ?? visitor;
  const response =
    options.csrf === false
      ? await who.inject({
          method: 'POST',
          url: '/api/3/commerce/cart/subscription',
          csrf: false,
          payload: payload as object,
        })
      : await subscribe(who, payload, options.headers);
  expect(response.statusCode, response.body).toBe(status);
  const { error } = response.json<{ error: { code: string; message: string } }>();
  expect(error.code).toBe(code);
  expect(await subscriptionTablesSnapshot(db)).toEqual(before);
  return error;
}

describe('POST /api/3/commerce/cart/subscription', () => {
  it('makes a subscription cart holding that one item and answers only its cartToken', async () => {
    const response = await subscribe(visitor, {
      itemId: SUB.monthly3.itemId,
      sku: SUB.monthly3.sku,
      qty: 2,
      additionalFields: null,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<{ cartToken: string }>();
    expect(Object.keys(body)).toEqual(['cartToken']);
    expect(body.cartToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // Not the shopper's cart: no cart cookie is set.
    expect(response.cookies.map((cookie) => cookie.name)).not.toContain('vitrine-cart-token');
    const { cart, entries } = await cartOf(body.cartToken);
    expect(cart).toMatchObject({ kind: 'subscription', isPurchased: false, currency: 'USD' });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      productId: SUB.monthly3.itemId,
      variantId: SUB.monthly3.variantId,
      quantity: 2,
    });
  });

  it('makes a new cart per subscription and accepts service products and the only variant without a sku', async () => {
    const first = await subscribe(visitor, { itemId: SUB.service.itemId, sku: null });
    const second = await subscribe(visitor, { itemId: SUB.service.itemId, qty: '1' });
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    const a = first.json<{ cartToken: string }>().cartToken;
    const b = second.json<{ cartToken: string }>().cartToken;
    expect(a).not.toBe(b);
    expect((await cartOf(a)).entries).toHaveLength(1);
    expect((await cartOf(b)).entries[0]).toMatchObject({ quantity: 1 });
  });

  it('validates extra-field answers with the form rules and stores them normalized', async () => {
    const error = await expectRefused(
      { itemId: SUB.withForm.itemId, sku: SUB.withForm.sku },
      400,
      'ADDITIONAL_FIELDS_INVALID',
    );
    expect(error.message).toBe(ERRORS.ADDITIONAL_FIELDS_INVALID.message);
    const blank = await subscribe(visitor, {
      itemId: SUB.withForm.itemId,
      sku: SUB.withForm.sku,
      additionalFields: JSON.stringify({ note: '' }),
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json<{ error: { fields: Record<string, string> } }>().error.fields).toEqual({
      note: 'Required',
    });
    const ok = await subscribe(visitor, {
      itemId: SUB.withForm.itemId,
      sku: SUB.withForm.sku,
      additionalFields: JSON.stringify({ note: 'For Ada', stray: 'dropped' }),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const { entries } = await cartOf(ok.json<{ cartToken: string }>().cartToken);
    expect(entries[0]?.additionalFields).toEqual({ note: 'For Ada' });
  });

  it('refuses a product not sold as a subscription', async () => {
    const error = await expectRefused(
      { itemId: SUB.plain.itemId, sku: SUB.plain.sku },
      400,
      'NOT_SUBSCRIBABLE',
    );
    expect(error.message).toBe('This item is not sold as a subscription.');
  });

  it('refuses digital and gift card products with the spec rule', async () => {
    for (const item of [SUB.digital, SUB.giftCard]) {
      const error = await expectRefused(
        { itemId: item.itemId, sku: item.sku },
        400,
        'SUBSCRIPTION_TYPE_NOT_ALLOWED',
      );
      expect(error.message).toBe(
        'Subscriptions are allowed only for physical and service products.',
      );
    }
  });

  it('refuses unknown items and variants', async () => {
    await expectRefused({ itemId: 'no-such-item', sku: null }, 404, 'ITEM_NOT_FOUND');
    const error = await expectRefused(
      { itemId: SUB.monthly3.itemId, sku: 'NOPE' },
      400,
      'ITEM_VARIANT_UNAVAILABLE',
    );
    expect(error.message).toBe(
      'Sorry, that item variant is unavailable. Please select another variant.',
    );
  });

  it("refuses bad quantities with the spec's messages", async () => {
    const item = { itemId: SUB.monthly3.itemId, sku: SUB.monthly3.sku };
    expect(
      (await expectRefused({ ...item, qty: 'two' }, 400, 'QUANTITY_NOT_A_NUMBER')).message,
    ).toBe('Quantity must be a number.');
    expect((await expectRefused({ ...item, qty: 1.5 }, 400, 'QUANTITY_NOT_WHOLE')).message).toBe(
      'Quantity must be a whole number',
    );
    for (const qty of [0, -3, 10_000, 1e12]) {
      await expectRefused({ ...item, qty }, 400, 'QUANTITY_OUT_OF_RANGE');
    }
    await expectRefused({ ...item, qty: { n: 1 } }, 400, 'QUANTITY_NOT_A_NUMBER');
  });

  it('refuses more than is in stock', async () => {
    const error = await expectRefused(
      { itemId: SUB.monthly3.itemId, sku: SUB.monthly3.sku, qty: 11 },
      409,
      'INSUFFICIENT_STOCK',
    );
    expect(error.message).toBe('Sorry, we do not have enough of that item available.');
  });

  it('refuses malformed bodies, wrong types and answers that are not JSON', async () => {
    const before = await subscriptionTablesSnapshot(harness.database.db);
    const malformed = await visitor.inject({
      method: 'POST',
      url: '/api/3/commerce/cart/subscription',
      headers: { 'content-type': 'application/json' },
      payload: '{"itemId": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ error: { code: string } }>().error.code).toBe('INVALID_JSON');
    expect(await subscriptionTablesSnapshot(harness.database.db)).toEqual(before);
    await expectRefused({ itemId: 7, sku: 3 }, 400, 'VALIDATION_FAILED');
    await expectRefused({ sku: SUB.monthly3.sku }, 400, 'VALIDATION_FAILED');
    await expectRefused(
      { itemId: SUB.monthly3.itemId, additionalFields: '{not json' },
      400,
      'ADDITIONAL_FIELDS_NOT_JSON',
    );
  });

  it('needs the CSRF token', async () => {
    await expectRefused(
      { itemId: SUB.monthly3.itemId, sku: SUB.monthly3.sku },
      403,
      'SESSION_EXPIRED',
      { csrf: false },
    );
  });

  it('leaves the cart endpoint refusing subscribable products', async () => {
    const response = await visitor.inject({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      payload: { itemId: SUB.monthly3.itemId, sku: SUB.monthly3.sku, quantity: 1 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { code: string } }>().error.code).toBe('SUBSCRIPTION_ONLY');
  });
});

describe('the subscription page reads its cart by token', () => {
  it('quotes the subscription cart with its plan', async () => {
    const made = await subscribe(visitor, { itemId: SUB.monthly3.itemId, sku: SUB.monthly3.sku });
    const { cartToken } = made.json<{ cartToken: string }>();
    const response = await visitor.inject({
      method: 'POST',
      url: `/api/vitrine/checkout/quote?cartToken=${cartToken}`,
      payload: { shippingAddress: { country: 'US', region: 'NY' } },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{
      shoppingCart: { entries: { itemId: string; quantity: number }[]; subtotalCents: number };
      subscriptionPlan: unknown;
    }>();
    expect(body.shoppingCart.entries).toMatchObject([{ itemId: SUB.monthly3.itemId, quantity: 1 }]);
    expect(body.shoppingCart.subtotalCents).toBe(1_500);
    expect(body.subscriptionPlan).toEqual({
      billingPeriod: { value: 1, unit: 'MONTH' },
      numBillingCycles: 3,
    });
  });

  it('answers no plan for other carts and an empty cart for a missing or unknown token', async () => {
    for (const url of [
      '/api/vitrine/checkout/quote',
      '/api/vitrine/checkout/quote?cartToken=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      '/api/vitrine/checkout/quote?cartToken=bad!',
    ]) {
      const response = await visitor.inject({ method: 'POST', url, payload: {} });
      expect(response.statusCode, url).toBe(200);
      const body = response.json<{
        shoppingCart: { entries: unknown[] };
        subscriptionPlan: unknown;
      }>();
      expect(body.shoppingCart.entries).toEqual([]);
      expect(body.subscriptionPlan).toBeNull();
    }
  });
});

describe('buying a subscription cart', () => {
  it('places the first order and stores the subscription of a guest by email', async () => {
    const { db } = harness.database;
    const made = await subscribe(visitor, {
      itemId: SUB.monthly3.itemId,
      sku: SUB.monthly3.sku,
      qty: 2,
    });
    const { cartToken } = made.json<{ cartToken: string }>();
    const before = new Date();
    const bought = await buySubscription(visitor, cartToken, {}, { key: 'first-sub-order' });
    expect(bought.statusCode, bought.body).toBe(201);
    const order = bought.json<{ order: { id: string; grandTotalCents: number } }>().order;
    // 2 × 1500 + standard shipping 800; NY tax 8.75 % of 3800 = 332.5 → 333.
    expect(order.grandTotalCents).toBe(4_133);

    const [link] = await db
      .select()
      .from(schema.subscriptionOrders)
      .where(eq(schema.subscriptionOrders.orderId, order.id));
    expect(link).toMatchObject({ cycle: 1 });
    const row = await subscriptionRow(db, link?.subscriptionId ?? '');
    expect(row).toMatchObject({
      siteUserId: null,
      email: 'ada@example.com',
      firstOrderId: order.id,
      productId: SUB.monthly3.itemId,
      variantId: SUB.monthly3.variantId,
      quantity: 2,
      billingValue: 1,
      billingUnit: 'MONTH',
      numBillingCycles: 3,
      cyclesCompleted: 1,
      status: 'active',
      paymentProvider: 'test',
      paymentToken: 'success',
      shippingAddress: NY_ADDRESS,
      shippingOptionId: 'standard',
      failedAttempts: 0,
      currency: 'USD',
    });
    expect(row.billingAnchor.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1_000);
    const expected = new Date(row.billingAnchor);
    expected.setUTCMonth(expected.getUTCMonth() + 1);
    if (expected.getUTCDate() !== row.billingAnchor.getUTCDate()) expected.setUTCDate(0);
    expect(row.nextRenewalAt.toISOString()).toBe(expected.toISOString());
    expect(row.nextAttemptAt.toISOString()).toBe(expected.toISOString());

    // Idempotent with the order: the same key answers the same order, still one subscription.
    const replay = await buySubscription(visitor, cartToken, {}, { key: 'first-sub-order' });
    expect(replay.statusCode).toBe(200);
    expect(replay.json<{ order: { id: string } }>().order.id).toBe(order.id);
    const again = await buySubscription(visitor, cartToken, {}, { key: 'another-key' });
    expect(again.statusCode).toBe(409);
    expect(
      await db
        .select()
        .from(schema.subscriptions)
        .where(eq(schema.subscriptions.firstOrderId, order.id)),
    ).toHaveLength(1);
    // The order confirmation went to the outbox like any order's.
    const mail = await db
      .select()
      .from(schema.outbox)
      .where(
        and(eq(schema.outbox.kind, 'order-confirmation'), eq(schema.outbox.reference, order.id)),
      );
    expect(mail).toHaveLength(1);
  });

  it('belongs to the logged-in site user who bought it', async () => {
    const { db } = harness.database;
    const userId = await insertSiteUser(db, 'sub-buyer@example.com');
    const shopper = await newVisitor(harness.app);
    const loggedIn = await login(shopper, 'sub-buyer@example.com');
    expect(loggedIn.statusCode).toBe(200);
    const { xsrfToken } = loggedIn.json<{ xsrfToken: string }>();
    const made = await subscribe(
      shopper,
      { itemId: SUB.service.itemId, sku: SUB.service.sku },
      { 'x-csrf-token': xsrfToken },
    );
    expect(made.statusCode, made.body).toBe(200);
    const bought = await buySubscription(
      shopper,
      made.json<{ cartToken: string }>().cartToken,
      { email: 'sub-buyer@example.com', shippingAddress: undefined },
      { headers: { 'x-csrf-token': xsrfToken } },
    );
    expect(bought.statusCode, bought.body).toBe(201);
    const orderId = bought.json<{ order: { id: string } }>().order.id;
    const [row] = await db
      .select()
      .from(schema.subscriptions)
      .where(eq(schema.subscriptions.firstOrderId, orderId));
    expect(row).toMatchObject({
      siteUserId: userId,
      email: 'sub-buyer@example.com',
      shippingAddress: null,
      shippingOptionId: null,
    });
  });

  it('writes nothing when the card is declined, and the cart can still be bought', async () => {
    const { db } = harness.database;
    const made = await subscribe(visitor, { itemId: SUB.biweekly.itemId, sku: SUB.biweekly.sku });
    const { cartToken } = made.json<{ cartToken: string }>();
    const before = await subscriptionTablesSnapshot(db);
    const declined = await buySubscription(visitor, cartToken, {
      payment: { provider: 'test', token: 'decline' },
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json<{ error: { code: string } }>().error.code).toBe('PAYMENT_DECLINED');
    expect(await subscriptionTablesSnapshot(db)).toEqual(before);
    expect((await buySubscription(visitor, cartToken)).statusCode).toBe(201);
  });

  it('refuses an order for a missing or unknown token (no cart, no subscription)', async () => {
    const { db } = harness.database;
    const before = await subscriptionTablesSnapshot(db);
    const fresh = await newVisitor(harness.app);
    for (const url of [
      '/api/commerce/orders',
      '/api/commerce/orders?cartToken=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    ]) {
      const response = await fresh.inject({
        method: 'POST',
        url,
        headers: { 'idempotency-key': `missing-${url.length}` },
        payload: { email: 'ada@example.com', payment: { provider: 'test', token: 'success' } },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ error: { code: string } }>().error.code).toBe('CART_EMPTY');
    }
    expect(await subscriptionTablesSnapshot(db)).toEqual(before);
  });

  it('refuses the order, writing nothing, when the product stopped being a subscription', async () => {
    const { db } = harness.database;
    const made = await subscribe(visitor, { itemId: SUB.service.itemId, sku: SUB.service.sku });
    const { cartToken } = made.json<{ cartToken: string }>();
    await db
      .update(schema.products)
      .set({ isSubscribable: false, subscriptionPlan: null })
      .where(eq(schema.products.id, SUB.service.itemId));
    try {
      const before = await subscriptionTablesSnapshot(db);
      const response = await buySubscription(visitor, cartToken, { shippingAddress: undefined });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: { code: string } }>().error.code).toBe('NOT_SUBSCRIBABLE');
      expect(await subscriptionTablesSnapshot(db)).toEqual(before);
    } finally {
      await db
        .update(schema.products)
        .set({
          isSubscribable: true,
          subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
        })
        .where(eq(schema.products.id, SUB.service.itemId));
    }
  });
});
