/**
 * Owner order actions end to end (PGlite by default; PostgreSQL with TEST_DATABASE_URL): order
 * numbers, fulfil, refund, cancel, their idempotency, refusals that change nothing, the stock
 * and gift cards in the database, the emails in the outbox and the timeline.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import {
  addCheckoutProducts,
  issueGiftCard,
  ITEMS,
  setCheckoutSettings,
  stockOf,
} from '../../../../test/helpers/checkout-fixtures.ts';
import { ownerAction, placeTestOrder } from '../../../../test/helpers/order-fixtures.ts';
import { newVisitor, type Visitor } from '../../../../test/helpers/session.ts';
import { loginOwner } from '../../../../test/helpers/site-users.ts';
import { ERRORS } from '../../../shared/errors.ts';
import { WEBSITE_ROLES } from '../../../shared/roles.ts';
import { schema } from '../../db/index.ts';
import { createTestPaymentProvider } from '../payments/index.ts';

const provider = createTestPaymentProvider();
let harness: TestApp;
let manager: Visitor;

interface OwnerOrder {
  id: string;
  number: number;
  paymentStatus: string;
  fulfillmentStatus: string;
  refundedCents: number;
  refundableCents: number;
  amountPaidCents: number;
  fulfillment: { carrier: string; trackingNumber: string; trackingUrl: string | null } | null;
  events: { type: string; data: Record<string, unknown>; owner: { email: string } | null }[];
}

const orderOf = (response: { json: <T>() => T }) => response.json<{ order: OwnerOrder }>().order;
const errorOf = (response: { json: <T>() => T }) =>
  response.json<{ error: { code: string; message: string; fields?: Record<string, string> } }>()
    .error;

async function outboxOf(reference: string) {
  return harness.database.db
    .select({
      kind: schema.outbox.kind,
      subject: schema.outbox.subject,
      text: schema.outbox.textBody,
    })
    .from(schema.outbox)
    .where(eq(schema.outbox.reference, reference));
}

async function orderRow(id: string) {
  const [row] = await harness.database.db
    .select()
    .from(schema.orders)
    .where(eq(schema.orders.id, id));
  if (!row) throw new Error(`no order ${id}`);
  return row;
}

beforeAll(async () => {
  harness = await createTestApp({ services: { paymentProvider: provider } });
  await setCheckoutSettings(harness.database.db);
  await addCheckoutProducts(harness.database.db);
  manager = await loginOwner(
    harness.app,
    harness.database.db,
    'manager@example.com',
    WEBSITE_ROLES.STORE_MANAGER,
  );
  // Opening a database and the app is bounded work; a loaded machine may need minutes for it.
}, 300_000);
afterAll(() => harness.close());

describe('order numbers', () => {
  it('count from 1001 per site in creation order and name the order in its email', async () => {
    const first = await placeTestOrder(harness, [{ item: ITEMS.ebook, quantity: 1 }], {
      address: false,
    });
    const second = await placeTestOrder(harness, [{ item: ITEMS.ebook, quantity: 1 }], {
      address: false,
    });
    expect([first.number, second.number]).toEqual([1001, 1002]);
    expect(first.paymentStatus).toBe('paid');
    const [mail] = await outboxOf(second.id);
    expect(mail?.subject).toMatch(/order #1002$/);
    expect(mail?.text).toContain('Order #1002');
  });
});

describe('fulfil', () => {
  it('marks the order fulfilled with tracking, mails the customer once, and answers a replay alike', async () => {
    const order = await placeTestOrder(harness, [{ item: ITEMS.notebook, quantity: 1 }]);
    const body = { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' };
    const response = await ownerAction(manager, order.id, 'fulfillments', body, 'ship-1');
    expect(response.statusCode).toBe(201);
    const fulfilled = orderOf(response);
    expect(fulfilled).toMatchObject({
      fulfillmentStatus: 'fulfilled',
      paymentStatus: 'paid',
      fulfillment: {
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
        trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      },
    });
    expect(fulfilled.events.find((e) => e.type === 'fulfilled')?.owner?.email).toBe(
      'manager@example.com',
    );

    const replay = await ownerAction(manager, order.id, 'fulfillments', body, 'ship-1');
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(response.json());
    const reused = await ownerAction(manager, order.id, 'fulfillments', {}, 'ship-1');
    expect([reused.statusCode, errorOf(reused).code]).toEqual([
      422,
      'ACTION_IDEMPOTENCY_KEY_REUSED',
    ]);
    const again = await ownerAction(manager, order.id, 'fulfillments', body, 'ship-2');
    expect([again.statusCode, errorOf(again).message]).toEqual([
      409,
      ERRORS.ORDER_ALREADY_FULFILLED.message,
    ]);

    const mails = (await outboxOf(order.id)).filter((m) => m.kind === 'order-shipped');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(new RegExp(`^Your .+ order #${order.number} is on its way$`));
    expect(mails[0]?.text).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    const detail = orderOf(await manager.inject({ url: `/api/vitrine/owner/orders/${order.id}` }));
    expect(detail.events.map((e) => e.type)).toEqual([
      'created',
      'paid',
      'email_sent',
      'fulfilled',
      'email_sent',
    ]);
  });

  it('sends no email when notifyCustomer is false', async () => {
    const order = await placeTestOrder(harness, [{ item: ITEMS.notebook, quantity: 1 }]);
    const response = await ownerAction(
      manager,
      order.id,
      'fulfillments',
      { notifyCustomer: false },
      'ship-quiet',
    );
    expect(response.statusCode).toBe(201);
    expect(orderOf(response).fulfillment).toMatchObject({ carrier: null, trackingUrl: null });
    expect((await outboxOf(order.id)).map((m) => m.kind)).toEqual(['order-confirmation']);
  });
});

describe('refund', () => {
  it('gives back part, then the rest, through the provider; never more than was paid', async () => {
    const order = await placeTestOrder(harness, [{ item: ITEMS.notebook, quantity: 2 }]);
    const paid = order.amountPaidCents;
    const part = await ownerAction(
      manager,
      order.id,
      'refunds',
      { amount: 1_000, reason: 'late' },
      'r-1',
    );
    expect(part.statusCode).toBe(201);
    expect(orderOf(part)).toMatchObject({
      paymentStatus: 'partially_refunded',
      refundedCents: 1_000,
      refundableCents: paid - 1_000,
    });
    const too = await ownerAction(manager, order.id, 'refunds', { amount: paid }, 'r-2');
    expect(too.statusCode).toBe(409);
    expect(errorOf(too)).toMatchObject({
      code: 'REFUND_EXCEEDS_BALANCE',
      fields: { amount: `At most ${paid - 1_000} can be refunded.` },
    });
    expect((await orderRow(order.id)).refundedCents).toBe(1_000);

    const stockBefore = await stockOf(harness.database.db, ITEMS.notebook.variantId);
    const rest = await ownerAction(
      manager,
      order.id,
      'refunds',
      { amount: paid - 1_000, restock: true },
      'r-3',
    );
    expect(orderOf(rest)).toMatchObject({ paymentStatus: 'refunded', refundedCents: paid });
    expect(await stockOf(harness.database.db, ITEMS.notebook.variantId)).toBe(stockBefore + 2);
    const charge = [...provider.charges.values()].find((c) => c.amountCents === paid && c.refunded);
    expect(charge?.refundedCents).toBe(paid);
    // A replay neither refunds nor restocks again.
    await ownerAction(manager, order.id, 'refunds', { amount: paid - 1_000, restock: true }, 'r-3');
    expect(await stockOf(harness.database.db, ITEMS.notebook.variantId)).toBe(stockBefore + 2);
    expect((await orderRow(order.id)).refundedCents).toBe(paid);
    const refundMails = (await outboxOf(`${order.id}:${paid}`)).map((m) => m.kind);
    expect(refundMails).toEqual(['order-refunded']);
  });

  it('a refund the provider refuses answers 502 and changes nothing', async () => {
    const order = await placeTestOrder(harness, [{ item: ITEMS.notebook, quantity: 1 }], {
      token: 'refund-fails',
    });
    const before = await orderRow(order.id);
    const response = await ownerAction(manager, order.id, 'refunds', { amount: 100 }, 'r-fail');
    expect([response.statusCode, errorOf(response).code]).toEqual([502, 'REFUND_FAILED']);
    expect(await orderRow(order.id)).toEqual(before);
    // Nothing was stored under the key: the owner may try again with it.
    const stored = await harness.database.db
      .select()
      .from(schema.orderActions)
      .where(eq(schema.orderActions.idempotencyKey, 'r-fail'));
    expect(stored).toEqual([]);
  });

  it('refuses bad amounts with field errors', async () => {
    const order = await placeTestOrder(harness, [{ item: ITEMS.notebook, quantity: 1 }]);
    for (const amount of [0, -5, 1.5, '100']) {
      const response = await ownerAction(manager, order.id, 'refunds', { amount }, `bad-${amount}`);
      expect([amount, response.statusCode, errorOf(response).fields?.amount]).toEqual([
        amount,
        400,
        expect.any(String),
      ]);
    }
  });
});

describe('cancel', () => {
  it('refunds the charge, credits gift card payments, returns stock and voids issued gift cards', async () => {
    const { db } = harness.database;
    const payingCard = await issueGiftCard(db, 'CANCELPAY0001', 1_000);
    const shirtBefore = await stockOf(db, ITEMS.shirtM.variantId);
    const order = await placeTestOrder(
      harness,
      [
        { item: ITEMS.shirtM, quantity: 2 },
        { item: ITEMS.giftCard25, quantity: 1 },
      ],
      { giftCardCodes: ['CANCELPAY0001'] },
    );
    expect(await stockOf(db, ITEMS.shirtM.variantId)).toBe(shirtBefore - 2);
    const response = await ownerAction(manager, order.id, 'cancel', { reason: 'asked' }, 'c-1');
    expect(response.statusCode).toBe(200);
    expect(orderOf(response)).toMatchObject({
      fulfillmentStatus: 'cancelled',
      paymentStatus: 'refunded',
      refundedCents: order.amountPaidCents,
    });
    expect(await stockOf(db, ITEMS.shirtM.variantId)).toBe(shirtBefore);
    const issued = await db
      .select()
      .from(schema.giftCards)
      .where(eq(schema.giftCards.sourceOrderId, order.id));
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ balanceCents: 0, voidedAt: expect.any(Date) });
    const [paying] = await db
      .select()
      .from(schema.giftCards)
      .where(eq(schema.giftCards.id, payingCard));
    expect(paying?.balanceCents).toBe(1_000);
    const cancelled = orderOf(response).events.find((e) => e.type === 'cancelled');
    expect(cancelled).toMatchObject({
      data: { reason: 'asked', giftCardsVoided: 1, giftCardsCreditedCents: 1_000 },
      owner: { email: 'manager@example.com' },
    });
    expect((await outboxOf(order.id)).map((m) => m.kind)).toContain('order-cancelled');

    const again = await ownerAction(manager, order.id, 'cancel', {}, 'c-2');
    expect([again.statusCode, errorOf(again).code]).toEqual([409, 'ORDER_NOT_CANCELLABLE']);
    expect(await stockOf(db, ITEMS.shirtM.variantId)).toBe(shirtBefore);
  });

  it('refuses a fulfilled order and leaves it as it was', async () => {
    const order = await placeTestOrder(harness, [{ item: ITEMS.notebook, quantity: 1 }]);
    await ownerAction(manager, order.id, 'fulfillments', {}, 'ship-before-cancel');
    const before = await orderRow(order.id);
    const response = await ownerAction(manager, order.id, 'cancel', {}, 'c-fulfilled');
    expect([response.statusCode, errorOf(response).message]).toEqual([
      409,
      ERRORS.ORDER_NOT_CANCELLABLE.message,
    ]);
    expect(await orderRow(order.id)).toEqual(before);
  });
});

describe('who may act', () => {
  it('refuses anonymous visitors, roles without orders:manage, missing keys or crumbs, unknown orders', async () => {
    const order = await placeTestOrder(harness, [{ item: ITEMS.ebook, quantity: 1 }], {
      address: false,
    });
    const anonymous = await newVisitor(harness.app);
    const viewer = await loginOwner(
      harness.app,
      harness.database.db,
      'viewer@example.com',
      WEBSITE_ROLES.VIEWER,
    );
    const cases: [string, Promise<{ statusCode: number; json: <T>() => T }>, number, string][] = [
      [
        'anonymous',
        ownerAction(anonymous, order.id, 'cancel', {}, 'k1'),
        401,
        'OWNER_UNAUTHORIZED',
      ],
      ['viewer', ownerAction(viewer, order.id, 'cancel', {}, 'k2'), 403, 'OWNER_FORBIDDEN'],
      [
        'no key',
        ownerAction(manager, order.id, 'cancel', {}, null),
        400,
        'ACTION_IDEMPOTENCY_KEY_REQUIRED',
      ],
      [
        'unknown order',
        ownerAction(manager, '00000000-0000-0000-0000-000000000000', 'cancel', {}, 'k3'),
        404,
        'ORDER_NOT_FOUND',
      ],
      [
        'extra field',
        ownerAction(manager, order.id, 'cancel', { refund: true }, 'k4'),
        400,
        'VALIDATION_FAILED',
      ],
      [
        'no crumb',
        manager.inject({
          method: 'POST',
          url: `/api/vitrine/owner/orders/${order.id}/cancel`,
          headers: { 'idempotency-key': 'k5' },
          payload: {},
          csrf: false,
        }),
        403,
        'SESSION_EXPIRED',
      ],
    ];
    for (const [name, pending, status, code] of cases) {
      const response = await pending;
      expect([name, response.statusCode, errorOf(response).code]).toEqual([name, status, code]);
    }
    expect(await orderRow(order.id)).toMatchObject({
      fulfillmentStatus: 'unfulfilled',
      paymentStatus: 'paid',
    });
  });
});

describe('owner order list filters', () => {
  it('filter by state, number, email and dates', async () => {
    const { db } = harness.database;
    const special = await placeTestOrder(harness, [{ item: ITEMS.ebook, quantity: 1 }], {
      address: false,
      email: 'Grace.Hopper@example.com',
    });
    const list = async (query: string) => {
      const response = await manager.inject({ url: `/api/vitrine/owner/orders?${query}` });
      expect([query, response.statusCode]).toEqual([query, 200]);
      return response.json<{
        orders: { id: string; number: number; fulfillmentStatus: string; paymentStatus: string }[];
      }>().orders;
    };
    expect((await list(`q=${special.number}`)).map((o) => o.id)).toEqual([special.id]);
    expect((await list(`q=%23${special.number}`)).map((o) => o.id)).toEqual([special.id]);
    expect((await list('q=grace.hopper')).map((o) => o.id)).toEqual([special.id]);
    const cancelled = await list('state=cancelled');
    expect(cancelled.length).toBeGreaterThan(0);
    expect(cancelled.every((o) => o.fulfillmentStatus === 'cancelled')).toBe(true);
    const partly = await list('paymentStatus=refunded&fulfillmentStatus=unfulfilled');
    expect(partly.every((o) => o.paymentStatus === 'refunded')).toBe(true);
    const [row] = await db
      .select({ createdAt: schema.orders.createdAt })
      .from(schema.orders)
      .where(and(eq(schema.orders.id, special.id)));
    const day = row?.createdAt.toISOString().slice(0, 10) ?? '';
    expect((await list(`from=${day}&to=${day}&q=grace`)).map((o) => o.id)).toEqual([special.id]);
    expect(await list(`to=2000-01-01`)).toEqual([]);
    for (const bad of ['state=shipped', 'from=yesterday', 'from=2026-02-01&to=2026-01-01']) {
      const response = await manager.inject({ url: `/api/vitrine/owner/orders?${bad}` });
      expect([bad, response.statusCode]).toEqual([bad, 400]);
    }
  });
});
