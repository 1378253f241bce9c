import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../db/index.ts';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import {
  addCheckoutProducts,
  createCart,
  issueGiftCard,
  ITEMS,
  orderTablesSnapshot,
  setCheckoutSettings,
  shopper,
  stockOf,
} from '../../../../test/helpers/checkout-fixtures.ts';
import { newVisitor } from '../../../../test/helpers/session.ts';

const NY = {
  name: 'Ada Lovelace',
  line1: '214 Water Street',
  city: 'Brooklyn',
  region: 'NY',
  postalCode: '11201',
  country: 'US',
};
const SUCCESS = { provider: 'test', token: 'success' } as const;
const STOCK_MESSAGE = 'Sorry, we do not have enough of that item available.';

let harness: TestApp;
let keyCounter = 0;
const newKey = () => `key-${Date.now()}-${(keyCounter += 1)}`;

beforeAll(async () => {
  harness = await createTestApp();
  await setCheckoutSettings(harness.database.db);
  await addCheckoutProducts(harness.database.db);
});
afterAll(() => harness.close());

async function order(
  token: string,
  body: unknown,
  key: string | null = newKey(),
  extraHeaders: Record<string, string> = {},
) {
  const visitor = await shopper(harness.app, token);
  return visitor.inject({
    method: 'POST',
    url: '/api/commerce/orders',
    headers: { ...(key === null ? {} : { 'idempotency-key': key }), ...extraHeaders },
    payload: body as object,
  });
}

describe('POST /api/commerce/orders', () => {
  it('places an order: cheapest shipping, NY tax, stock taken, lines copied, cart purchased, email queued', async () => {
    const { db } = harness.database;
    const { cartId, token } = await createCart(db, [
      { item: ITEMS.shirtM, quantity: 2 },
      { item: ITEMS.notebook, quantity: 1 },
    ]);
    const before = {
      shirt: await stockOf(db, ITEMS.shirtM.variantId),
      notebook: await stockOf(db, ITEMS.notebook.variantId),
    };
    const response = await order(token, {
      email: 'ada@example.com',
      shippingAddress: NY,
      payment: SUCCESS,
    });
    expect(response.statusCode).toBe(201);
    const { order: placed } = response.json<{
      order: Record<string, unknown> & { entries: Record<string, unknown>[] };
    }>();
    // 2×6800 + 1800 = 15400; standard 800; tax 8.75 % of 16200 = 1417.5 → 1418.
    expect(placed).toMatchObject({
      cartId,
      currency: 'USD',
      subtotalCents: 15_400,
      shippingCostCents: 800,
      taxCents: 1_418,
      grandTotalCents: 17_618,
      amountPaidCents: 17_618,
    });
    expect(placed.entries).toEqual([
      expect.objectContaining({
        itemId: 'linen-shirt',
        sku: 'LS-SAND-M',
        title: 'Linen Shirt',
        quantity: 2,
        unitPriceCents: 6_800,
        subTotal: 13_600,
        attributes: { Size: 'M', Colour: 'Sand' },
      }),
      expect.objectContaining({ itemId: 'field-notebook', quantity: 1, unitPriceCents: 1_800 }),
    ]);
    expect(await stockOf(db, ITEMS.shirtM.variantId)).toBe(before.shirt - 2);
    expect(await stockOf(db, ITEMS.notebook.variantId)).toBe(before.notebook - 1);
    const [cart] = await db.select().from(schema.carts).where(eq(schema.carts.id, cartId));
    expect(cart).toMatchObject({ isPurchased: true, orderId: placed.id });
    const [row] = await db
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.id, String(placed.id)));
    expect(row?.shippingOption).toEqual({ id: 'standard', name: 'Standard', costCents: 800 });
    expect(row?.shippingAddress).toEqual(NY);
    const [mail] = await db
      .select()
      .from(schema.outbox)
      .where(eq(schema.outbox.reference, String(placed.id)));
    expect(mail).toMatchObject({
      kind: 'order-confirmation',
      toAddress: 'ada@example.com',
      status: 'queued',
    });
    expect(mail?.textBody).toContain('2 × Linen Shirt (Size: M, Colour: Sand): 136.00 USD');
    expect(mail?.textBody).toContain('Total: 176.18 USD');
    // The bought cart's cookie is cleared: the next add starts a new cart.
    expect(response.cookies.find((c) => c.name === 'vitrine-cart-token')?.value).toBe('');
  });

  it('uses the chosen option and a coupon, recording its use', async () => {
    const { db } = harness.database;
    const { token } = await createCart(db, [{ item: ITEMS.notebook, quantity: 1 }]);
    const response = await order(token, {
      email: 'b@example.com',
      shippingAddress: NY,
      shippingOptionId: 'express',
      couponCodes: ['welcome10'],
      payment: SUCCESS,
    });
    expect(response.statusCode).toBe(201);
    const placed = response.json<{
      order: {
        id: string;
        discountCents: number;
        shippingCostCents: number;
        taxCents: number;
        grandTotalCents: number;
      };
    }>().order;
    // 1800 − 180 + 2500; tax 8.75 % of (1620 + 2500) = 360.5 → 361.
    expect(placed).toMatchObject({
      discountCents: 180,
      shippingCostCents: 2_500,
      taxCents: 361,
      grandTotalCents: 4_481,
    });
    const usage = await db
      .select()
      .from(schema.couponUsages)
      .where(eq(schema.couponUsages.orderId, placed.id));
    expect(usage).toEqual([expect.objectContaining({ code: 'WELCOME10', discountCents: 180 })]);
  });

  it('answers a replay with the same order (200), refuses the key for another request (422) and a second order for the cart (409)', async () => {
    const { db } = harness.database;
    const { token } = await createCart(db, [{ item: ITEMS.ebook, quantity: 1 }]);
    const key = newKey();
    const body = { email: 'c@example.com', payment: SUCCESS };
    const first = await order(token, body, key);
    expect(first.statusCode).toBe(201);
    const snapshot = await orderTablesSnapshot(db);
    const replay = await order(token, body, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    const reused = await order(token, { ...body, email: 'other@example.com' }, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({
      error: {
        code: 'IDEMPOTENCY_KEY_REUSED',
        message: 'This Idempotency-Key was already used for a different order request.',
      },
    });
    const again = await order(token, body, newKey());
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: 'ORDER_ALREADY_PLACED',
      message: 'An order has already been placed for this cart.',
    });
    // A replay after the cookie was cleared still finds the order by its key.
    const visitor = await newVisitor(harness.app);
    const cookieless = await visitor.inject({
      method: 'POST',
      url: '/api/commerce/orders',
      headers: { 'idempotency-key': key },
      payload: body,
    });
    expect(cookieless.statusCode).toBe(200);
    expect(cookieless.json<{ order: { id: string } }>().order.id).toBe(
      first.json<{ order: { id: string } }>().order.id,
    );
    expect(await orderTablesSnapshot(db)).toEqual(snapshot);
  });

  it('makes one order when the same key arrives twice at once', async () => {
    const { db } = harness.database;
    const { token, cartId } = await createCart(db, [{ item: ITEMS.ebook, quantity: 1 }]);
    const key = newKey();
    const body = { email: 'd@example.com', payment: SUCCESS };
    const [a, b] = await Promise.all([order(token, body, key), order(token, body, key)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json<{ order: { id: string } }>().order.id).toBe(
      b.json<{ order: { id: string } }>().order.id,
    );
    expect(
      await db.select().from(schema.orders).where(eq(schema.orders.cartId, cartId)),
    ).toHaveLength(1);
  });

  it('answers a declined card with 402 and keeps the cart; the shopper can then pay with another', async () => {
    const { db } = harness.database;
    const { token, cartId } = await createCart(db, [{ item: ITEMS.notebook, quantity: 1 }]);
    const snapshot = await orderTablesSnapshot(db);
    const key = newKey();
    const declined = await order(
      token,
      {
        email: 'e@example.com',
        shippingAddress: NY,
        payment: { provider: 'test', token: 'decline' },
      },
      key,
    );
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({
      error: {
        code: 'PAYMENT_DECLINED',
        message: 'Your payment was declined. You have not been charged; please try another card.',
      },
    });
    const failed = await order(
      token,
      {
        email: 'e@example.com',
        shippingAddress: NY,
        payment: { provider: 'test', token: 'error' },
      },
      key,
    );
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error).toEqual({
      code: 'PAYMENT_FAILED',
      message:
        'The payment could not be processed right now. You have not been charged; please try again.',
    });
    expect(await orderTablesSnapshot(db)).toEqual(snapshot);
    const [cart] = await db.select().from(schema.carts).where(eq(schema.carts.id, cartId));
    expect(cart?.isPurchased).toBe(false);
    const paid = await order(
      token,
      { email: 'e@example.com', shippingAddress: NY, payment: SUCCESS },
      key,
    );
    expect(paid.statusCode).toBe(201);
  });

  it('refuses with the spec’s stock message when the same variant across entries exceeds stock, changing nothing', async () => {
    const { db } = harness.database;
    const inStock = await stockOf(db, ITEMS.scarce.variantId);
    const { token } = await createCart(db, [
      { item: ITEMS.scarce, quantity: inStock - 1 },
      { item: ITEMS.scarce, quantity: 2 },
    ]);
    const snapshot = await orderTablesSnapshot(db);
    const response = await order(token, {
      email: 'f@example.com',
      shippingAddress: NY,
      payment: SUCCESS,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { code: 'INSUFFICIENT_STOCK', message: STOCK_MESSAGE },
    });
    expect(await orderTablesSnapshot(db)).toEqual(snapshot);
  });

  it('refuses a sold-out variant (stock 0) with 409', async () => {
    const { db } = harness.database;
    const { token } = await createCart(db, [{ item: ITEMS.shirtL, quantity: 1 }]);
    const response = await order(token, {
      email: 'g@example.com',
      shippingAddress: NY,
      payment: SUCCESS,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ error: { message: string } }>().error.message).toBe(STOCK_MESSAGE);
  });

  it('buys an express cart named by ?cartToken= and leaves the shopper’s own cart and cookie alone', async () => {
    const { db } = harness.database;
    const own = await createCart(db, [{ item: ITEMS.notebook, quantity: 1 }]);
    const express = await createCart(db, [{ item: ITEMS.ebook, quantity: 1 }]);
    await db
      .update(schema.carts)
      .set({ kind: 'express' })
      .where(eq(schema.carts.id, express.cartId));
    const visitor = await shopper(harness.app, own.token);
    const quoted = await visitor.inject({
      method: 'POST',
      url: `/api/vitrine/checkout/quote?cartToken=${express.token}`,
      payload: {},
    });
    expect(quoted.json<{ shoppingCart: { id: string } }>().shoppingCart.id).toBe(express.cartId);
    const response = await visitor.inject({
      method: 'POST',
      url: `/api/commerce/orders?cartToken=${express.token}`,
      headers: { 'idempotency-key': newKey() },
      payload: { email: 'express@example.com', payment: SUCCESS },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<{ order: { cartId: string } }>().order.cartId).toBe(express.cartId);
    expect(response.cookies.find((c) => c.name === 'vitrine-cart-token')).toBeUndefined();
    const [mine] = await db.select().from(schema.carts).where(eq(schema.carts.id, own.cartId));
    expect(mine?.isPurchased).toBe(false);
  });

  describe('gift cards', () => {
    it('issues one card per unit bought, worth its price, with no address needed', async () => {
      const { db } = harness.database;
      const { token } = await createCart(db, [{ item: ITEMS.giftCard50, quantity: 2 }]);
      const response = await order(token, {
        email: 'h@example.com',
        couponCodes: [],
        payment: SUCCESS,
      });
      expect(response.statusCode).toBe(201);
      const placed = response.json<{
        order: {
          id: string;
          grandTotalCents: number;
          issuedGiftCards: { code: string; balanceCents: number }[];
        };
      }>().order;
      expect(placed.grandTotalCents).toBe(10_000);
      expect(placed.issuedGiftCards).toHaveLength(2);
      for (const card of placed.issuedGiftCards) {
        expect(card.code).toMatch(/^([2-9A-HJKMNP-Z]{4}-){4}[2-9A-HJKMNP-Z]{4}$/);
        expect(card.balanceCents).toBe(5_000);
      }
      expect(new Set(placed.issuedGiftCards.map((c) => c.code)).size).toBe(2);
      const [mail] = await db
        .select()
        .from(schema.outbox)
        .where(eq(schema.outbox.reference, placed.id));
      for (const card of placed.issuedGiftCards) expect(mail?.textBody).toContain(card.code);
    });

    it('redeems partially, keeping the rest of the balance, and charges only what remains', async () => {
      const { db } = harness.database;
      const id = await issueGiftCard(db, 'PARTIALCARD234567892', 3_000);
      const { token } = await createCart(db, [{ item: ITEMS.ebook, quantity: 1 }]);
      // Covered in full by the card: no charge is made, so even a declining card token passes.
      const covered = await order(token, {
        email: 'i@example.com',
        giftCardCodes: ['part-ialc-ard2-3456-7892'],
        payment: { provider: 'test', token: 'decline' },
      });
      expect(covered.statusCode).toBe(201);
      expect(covered.json<{ order: Record<string, number> }>().order).toMatchObject({
        giftCardCents: 1_000,
        amountPaidCents: 0,
        grandTotalCents: 1_000,
      });
      const [card] = await db.select().from(schema.giftCards).where(eq(schema.giftCards.id, id));
      expect(card?.balanceCents).toBe(2_000);

      const { token: second } = await createCart(db, [{ item: ITEMS.notebook, quantity: 2 }]);
      const rest = await order(second, {
        email: 'i@example.com',
        shippingAddress: NY,
        giftCardCodes: ['PARTIALCARD234567892'],
        payment: SUCCESS,
      });
      expect(rest.statusCode).toBe(201);
      const placed = rest.json<{ order: Record<string, number> }>().order;
      expect(placed.giftCardCents).toBe(2_000);
      expect(placed.amountPaidCents).toBe((placed.grandTotalCents ?? 0) - 2_000);
      const [empty] = await db.select().from(schema.giftCards).where(eq(schema.giftCards.id, id));
      expect(empty?.balanceCents).toBe(0);
      const redemptions = await db
        .select()
        .from(schema.giftCardRedemptions)
        .where(eq(schema.giftCardRedemptions.giftCardId, id));
      expect(redemptions.map((r) => r.amountCents).sort()).toEqual([1_000, 2_000]);

      const { token: third } = await createCart(db, [{ item: ITEMS.ebook, quantity: 1 }]);
      const spent = await order(third, {
        email: 'i@example.com',
        giftCardCodes: ['PARTIALCARD234567892'],
        payment: SUCCESS,
      });
      expect(spent.statusCode).toBe(400);
      expect(spent.json<{ error: { fields: Record<string, string> } }>().error.fields).toEqual({
        giftCardCodes: 'PARTIALCARD234567892: This gift card has no balance left.',
      });
    });
  });

  describe('refused requests change nothing', () => {
    let token: string;
    beforeAll(async () => {
      ({ token } = await createCart(harness.database.db, [{ item: ITEMS.notebook, quantity: 1 }]));
    });

    const cases: [
      string,
      () => Promise<{ statusCode: number; json: () => unknown }>,
      number,
      Record<string, unknown>,
    ][] = [
      [
        'physical goods without an address',
        () => order(token, { email: 'x@example.com', payment: SUCCESS }),
        400,
        {
          code: 'VALIDATION_FAILED',
          fields: { shippingAddress: 'A shipping address is required for physical goods.' },
        },
      ],
      [
        'address fields missing or wrong',
        () =>
          order(token, {
            email: 'x@example.com',
            shippingAddress: { ...NY, line1: '', country: 'USA' },
            payment: SUCCESS,
          }),
        400,
        {
          code: 'VALIDATION_FAILED',
          fields: {
            'shippingAddress.line1': 'Required',
            'shippingAddress.country': 'Must be a two-letter country code such as "US"',
          },
        },
      ],
      [
        'a blank email',
        () => order(token, { email: '', shippingAddress: NY, payment: SUCCESS }),
        400,
        { code: 'VALIDATION_FAILED', fields: { email: 'Email cannot be blank' } },
      ],
      [
        'an invalid email',
        () => order(token, { email: 'nope', shippingAddress: NY, payment: SUCCESS }),
        400,
        { code: 'VALIDATION_FAILED', fields: { email: 'Email is invalid' } },
      ],
      [
        'an option that does not serve the address',
        () =>
          order(token, {
            email: 'x@example.com',
            shippingAddress: { ...NY, country: 'FR', region: undefined },
            shippingOptionId: 'express',
            payment: SUCCESS,
          }),
        400,
        {
          code: 'VALIDATION_FAILED',
          fields: { shippingOptionId: 'This shipping option is not available for this address.' },
        },
      ],
      [
        'an unknown and an expired coupon',
        () =>
          order(token, {
            email: 'x@example.com',
            shippingAddress: NY,
            couponCodes: ['nope', 'expired'],
            payment: SUCCESS,
          }),
        400,
        {
          code: 'VALIDATION_FAILED',
          fields: {
            couponCodes: 'NOPE: This coupon code is not valid. EXPIRED: This coupon has expired.',
          },
        },
      ],
      [
        'a coupon below its minimum',
        () =>
          order(token, {
            email: 'x@example.com',
            shippingAddress: NY,
            couponCodes: ['FIVEOFF'],
            payment: SUCCESS,
          }),
        400,
        {
          code: 'VALIDATION_FAILED',
          fields: { couponCodes: 'FIVEOFF: This coupon needs a subtotal of at least 50.00 USD.' },
        },
      ],
      [
        'an unknown gift card',
        () =>
          order(token, {
            email: 'x@example.com',
            shippingAddress: NY,
            giftCardCodes: ['AAAA-BBBB'],
            payment: SUCCESS,
          }),
        400,
        {
          code: 'VALIDATION_FAILED',
          fields: { giftCardCodes: 'AAAABBBB: This gift card code is not valid.' },
        },
      ],
      [
        'wrong types',
        () =>
          order(token, {
            email: 42,
            couponCodes: 'WELCOME10',
            payment: { provider: 'test', token: 1 },
          }),
        400,
        { code: 'VALIDATION_FAILED' },
      ],
      [
        'an unknown payment provider',
        () =>
          order(token, {
            email: 'x@example.com',
            shippingAddress: NY,
            payment: { provider: 'visa', token: 'success' },
          }),
        400,
        { code: 'VALIDATION_FAILED' },
      ],
      [
        'unknown fields',
        () =>
          order(token, { email: 'x@example.com', shippingAddress: NY, payment: SUCCESS, total: 1 }),
        400,
        { code: 'VALIDATION_FAILED' },
      ],
      [
        'no Idempotency-Key',
        () => order(token, { email: 'x@example.com', shippingAddress: NY, payment: SUCCESS }, null),
        400,
        {
          code: 'IDEMPOTENCY_KEY_REQUIRED',
          message: 'Send an Idempotency-Key header (1–255 visible characters) with the order.',
        },
      ],
      [
        'a malformed Idempotency-Key',
        () =>
          order(
            token,
            { email: 'x@example.com', shippingAddress: NY, payment: SUCCESS },
            'has spaces in it',
          ),
        400,
        { code: 'IDEMPOTENCY_KEY_REQUIRED' },
      ],
      [
        'malformed JSON',
        () => order(token, '{"email":', newKey(), { 'content-type': 'application/json' }),
        400,
        { code: 'INVALID_JSON' },
      ],
      [
        'no cart cookie',
        async () =>
          (await newVisitor(harness.app)).inject({
            method: 'POST',
            url: '/api/commerce/orders',
            headers: { 'idempotency-key': newKey() },
            payload: { email: 'x@example.com', payment: SUCCESS },
          }),
        400,
        { code: 'CART_EMPTY', message: 'Your cart is empty.' },
      ],
      [
        'an unknown cart token',
        () => order('unknowncarttoken-0123456789', { email: 'x@example.com', payment: SUCCESS }),
        400,
        { code: 'CART_EMPTY' },
      ],
      [
        'no CSRF token',
        async () =>
          (await shopper(harness.app, token)).inject({
            method: 'POST',
            url: '/api/commerce/orders',
            csrf: false,
            headers: { 'idempotency-key': newKey() },
            payload: { email: 'x@example.com', shippingAddress: NY, payment: SUCCESS },
          }),
        403,
        { code: 'SESSION_EXPIRED' },
      ],
    ];

    it.each(cases)('%s', async (_name, send, status, error) => {
      const snapshot = await orderTablesSnapshot(harness.database.db);
      const response = await send();
      expect(response.statusCode).toBe(status);
      expect((response.json() as { error: unknown }).error).toMatchObject(error);
      expect(await orderTablesSnapshot(harness.database.db)).toEqual(snapshot);
    });

    it('an empty cart and a cart holding a paywall item', async () => {
      const { db } = harness.database;
      const empty = await createCart(db, []);
      const paywall = await createCart(db, [{ item: ITEMS.paywall, quantity: 1 }]);
      const snapshot = await orderTablesSnapshot(db);
      const a = await order(empty.token, { email: 'x@example.com', payment: SUCCESS });
      expect([a.statusCode, a.json<{ error: { code: string } }>().error.code]).toEqual([
        400,
        'CART_EMPTY',
      ]);
      const b = await order(paywall.token, { email: 'x@example.com', payment: SUCCESS });
      expect(b.statusCode).toBe(400);
      expect(b.json()).toEqual({
        error: {
          code: 'ITEM_NOT_PURCHASABLE',
          message: 'Sorry, this item cannot be purchased through the cart.',
        },
      });
      expect(await orderTablesSnapshot(db)).toEqual(snapshot);
    });
  });
});
