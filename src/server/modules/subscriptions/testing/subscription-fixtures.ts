/**
 * Test fixtures of the subscriptions module: subscribable products of every kind the rules
 * judge (the demo store sells none), the calls a shopper makes to subscribe, and snapshots
 * proving that a refused request changed nothing.
 */
import { asc, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { schema, type AppDb } from '../../../db/index.ts';
import type { SubscriptionPlan } from '../../../db/schema.ts';
import { newVisitor, type Visitor } from '../../../../../test/helpers/session.ts';

export const SUB = {
  /** Physical, every month for 3 cycles, 10 in stock, 1500. */
  monthly3: { itemId: 'sub-coffee', sku: 'SUB-COFFEE', variantId: 'sub-coffee-v' },
  /** Physical, every 2 weeks until cancelled, unlimited, 1000. */
  biweekly: { itemId: 'sub-tea', sku: 'SUB-TEA', variantId: 'sub-tea-v' },
  /** Service, every month until cancelled, 5 in stock. */
  service: { itemId: 'sub-yoga', sku: 'SUB-YOGA', variantId: 'sub-yoga-v' },
  /** Physical, monthly, only 1 in stock: its first order sells out. */
  scarce: { itemId: 'sub-rare', sku: 'SUB-RARE', variantId: 'sub-rare-v' },
  /** Physical, monthly, with a required extra-fields answer (`note`). */
  withForm: { itemId: 'sub-engraved', sku: 'SUB-ENGRAVED', variantId: 'sub-engraved-v' },
  /** Subscribable but digital / gift card: refused by type. */
  digital: { itemId: 'sub-ebook', sku: 'SUB-EBOOK', variantId: 'sub-ebook-v' },
  giftCard: { itemId: 'sub-gift', sku: 'SUB-GIFT', variantId: 'sub-gift-v' },
  /** The demo's linen shirt: physical, not subscribable. */
  plain: { itemId: 'linen-shirt', sku: 'LS-SAND-M', variantId: 'linen-shirt-m-sand' },
} as const;

export const SUB_FORM_ID = 'sub-note-form';

const plan = (
  value: number,
  unit: 'WEEK' | 'MONTH' | 'YEAR',
  numBillingCycles: number,
): SubscriptionPlan => ({ billingPeriod: { value, unit }, numBillingCycles });

export async function addSubscriptionProducts(db: AppDb): Promise<string> {
  const [site] = await db
    .select({ id: schema.sites.id })
    .from(schema.sites)
    .orderBy(asc(schema.sites.createdAt))
    .limit(1);
  if (!site) throw new Error('import the demo store first');
  await db.insert(schema.forms).values({
    id: SUB_FORM_ID,
    siteId: site.id,
    name: 'Engraving',
    fields: [{ id: 'note', type: 'text', title: 'Note', required: true }],
  });
  const specs = [
    { item: SUB.monthly3, type: 1, plan: plan(1, 'MONTH', 3), price: 1_500, qty: 10 },
    { item: SUB.biweekly, type: 1, plan: plan(2, 'WEEK', 0), price: 1_000, unlimited: true },
    { item: SUB.service, type: 3, plan: plan(1, 'MONTH', 0), price: 4_000, qty: 5 },
    { item: SUB.scarce, type: 1, plan: plan(1, 'MONTH', 0), price: 2_000, qty: 1 },
    { item: SUB.withForm, type: 1, plan: plan(1, 'MONTH', 0), price: 3_000, qty: 5, form: true },
    { item: SUB.digital, type: 2, plan: plan(1, 'MONTH', 0), price: 500, unlimited: true },
    { item: SUB.giftCard, type: 4, plan: plan(1, 'MONTH', 0), price: 2_500, unlimited: true },
  ];
  for (const spec of specs) {
    await db.insert(schema.products).values({
      id: spec.item.itemId,
      siteId: site.id,
      title: spec.item.itemId.replace(/-/g, ' '),
      fullUrl: `/shop/p/${spec.item.itemId}`,
      productType: spec.type,
      isSubscribable: true,
      subscriptionPlan: spec.plan,
      additionalFieldsFormId: spec.form ? SUB_FORM_ID : null,
    });
    await db.insert(schema.variants).values({
      id: spec.item.variantId,
      productId: spec.item.itemId,
      sku: spec.item.sku,
      price: spec.price,
      unlimited: spec.unlimited ?? false,
      qtyInStock: spec.qty ?? 0,
    });
  }
  return site.id;
}

export const NY_ADDRESS = {
  name: 'Ada Lovelace',
  line1: '214 Water Street',
  city: 'Brooklyn',
  region: 'NY',
  postalCode: '11201',
  country: 'US',
} as const;

export function subscribe(
  visitor: Visitor,
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return visitor.inject({
    method: 'POST',
    url: '/api/3/commerce/cart/subscription',
    payload: payload as object,
    headers,
  });
}

let keys = 0;

/** Buys a subscription cart by its token, as the subscription page does. */
export function buySubscription(
  visitor: Visitor,
  cartToken: string,
  body: Record<string, unknown> = {},
  options: { key?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return visitor.inject({
    method: 'POST',
    url: `/api/commerce/orders?cartToken=${encodeURIComponent(cartToken)}`,
    headers: {
      'idempotency-key': options.key ?? `sub-order-${Date.now()}-${(keys += 1)}`,
      ...options.headers,
    },
    payload: {
      email: 'ada@example.com',
      shippingAddress: NY_ADDRESS,
      payment: { provider: 'test', token: 'success' },
      ...body,
    },
  });
}

/** Subscribes to an item and buys it; returns the first order's id and the subscription row. */
export async function startSubscription(
  harness: { app: FastifyInstance; database: { db: AppDb } },
  item: { itemId: string; sku: string },
  options: { visitor?: Visitor; qty?: number; body?: Record<string, unknown> } = {},
): Promise<{ orderId: string; subscriptionId: string; cartToken: string }> {
  const visitor = options.visitor ?? (await newVisitor(harness.app));
  const made = await subscribe(visitor, { ...item, qty: options.qty ?? 1 });
  if (made.statusCode !== 200) throw new Error(`subscribe ${made.statusCode}: ${made.body}`);
  const { cartToken } = made.json<{ cartToken: string }>();
  const bought = await buySubscription(visitor, cartToken, options.body);
  if (bought.statusCode !== 201) throw new Error(`order ${bought.statusCode}: ${bought.body}`);
  const orderId = bought.json<{ order: { id: string } }>().order.id;
  const subscriptionId = await subscriptionOfOrder(harness.database.db, orderId);
  return { orderId, subscriptionId, cartToken };
}

async function subscriptionOfOrder(db: AppDb, orderId: string): Promise<string> {
  const [row] = await db
    .select({ id: schema.subscriptionOrders.subscriptionId })
    .from(schema.subscriptionOrders)
    .where(eq(schema.subscriptionOrders.orderId, orderId));
  if (!row) throw new Error(`order ${orderId} started no subscription`);
  return row.id;
}

export async function subscriptionRow(db: AppDb, id: string) {
  const [row] = await db.select().from(schema.subscriptions).where(eq(schema.subscriptions.id, id));
  if (!row) throw new Error(`no subscription ${id}`);
  return row;
}

/** Everything subscribing and buying may write, to prove a refusal wrote nothing. */
export async function subscriptionTablesSnapshot(db: AppDb): Promise<Record<string, unknown>> {
  const n = async (table: Parameters<ReturnType<AppDb['select']>['from']>[0]) =>
    (await db.select({ n: count() }).from(table))[0]?.n;
  const [stock] = await db
    .select({ total: sql<number>`coalesce(sum(${schema.variants.qtyInStock}), 0)::int` })
    .from(schema.variants);
  const statuses = await db
    .select({
      id: schema.subscriptions.id,
      status: schema.subscriptions.status,
      cycles: schema.subscriptions.cyclesCompleted,
    })
    .from(schema.subscriptions)
    .orderBy(asc(schema.subscriptions.id));
  return {
    carts: await n(schema.carts),
    cartEntries: await n(schema.cartEntries),
    orders: await n(schema.orders),
    subscriptions: await n(schema.subscriptions),
    subscriptionOrders: await n(schema.subscriptionOrders),
    outbox: await n(schema.outbox),
    stock: stock?.total,
    statuses,
  };
}
