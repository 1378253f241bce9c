/**
 * Checkout test fixtures: the store's checkout settings, gift card / digital / paywall products
 * the demo lacks, carts written directly as rows (the add-to-cart endpoint is another module's),
 * a visitor holding a cart cookie, and a snapshot of every table an order touches to prove a
 * refused request changed nothing.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { asc, count, eq, sql, sum } from 'drizzle-orm';
import type { CheckoutSettings } from '../../src/shared/checkout/settings.ts';
import { schema, type AppDb } from '../../src/server/db/index.ts';
import { newVisitor, type Visitor } from './session.ts';

export const CHECKOUT_SETTINGS = {
  shippingRates: [
    { id: 'standard', name: 'Standard', amountCents: 800, freeAboveSubtotalCents: 20_000 },
    { id: 'express', name: 'Express', amountCents: 2_500, countries: ['US'] },
  ],
  taxRules: [
    {
      id: 'ny',
      name: 'New York sales tax',
      country: 'US',
      region: 'NY',
      rateBasisPoints: 875,
      appliesToShipping: true,
    },
  ],
  coupons: [
    { code: 'WELCOME10', type: 'PERCENTAGE', percent: 10 },
    { code: 'FIVEOFF', type: 'FIXED', amountCents: 500, minSubtotalCents: 5_000 },
    { code: 'EXPIRED', type: 'FIXED', amountCents: 500, expiresAt: '2020-01-01T00:00:00Z' },
  ],
} satisfies CheckoutSettings;

export const ITEMS = {
  /** Demo: linen shirt M sand, 6800, 3 in stock. */
  shirtM: { productId: 'linen-shirt', variantId: 'linen-shirt-m-sand', price: 6_800 },
  shirtL: { productId: 'linen-shirt', variantId: 'linen-shirt-l-sand', price: 6_800 },
  notebook: { productId: 'field-notebook', variantId: 'field-notebook-default', price: 1_800 },
  giftCard25: { productId: 'co-gift-card', variantId: 'co-gift-card-25', price: 2_500 },
  giftCard50: { productId: 'co-gift-card', variantId: 'co-gift-card-50', price: 5_000 },
  ebook: { productId: 'co-ebook', variantId: 'co-ebook-v', price: 1_000 },
  paywall: { productId: 'co-members', variantId: 'co-members-v', price: 900 },
  scarce: { productId: 'co-scarce', variantId: 'co-scarce-v', price: 1_000 },
} as const;
export type Item = (typeof ITEMS)[keyof typeof ITEMS];

export async function siteId(db: AppDb): Promise<string> {
  const [site] = await db
    .select({ id: schema.sites.id })
    .from(schema.sites)
    .orderBy(asc(schema.sites.createdAt))
    .limit(1);
  if (!site) throw new Error('import the demo store first');
  return site.id;
}

export async function setCheckoutSettings(
  db: AppDb,
  settings: object = CHECKOUT_SETTINGS,
): Promise<void> {
  await db
    .update(schema.sites)
    .set({ settings: sql`${schema.sites.settings} || ${JSON.stringify(settings)}::jsonb` });
}

export async function addCheckoutProducts(db: AppDb): Promise<void> {
  const site = await siteId(db);
  const product = (id: string, productType: number) => ({
    id,
    siteId: site,
    title: id.replace(/^co-/, '').replace(/-/g, ' '),
    fullUrl: `/shop/p/${id}`,
    productType,
  });
  await db
    .insert(schema.products)
    .values([
      product('co-gift-card', 4),
      product('co-ebook', 2),
      product('co-members', 5),
      product('co-scarce', 1),
    ]);
  await db.insert(schema.variants).values([
    {
      id: 'co-gift-card-25',
      productId: 'co-gift-card',
      sku: 'CO-GC-25',
      price: 2_500,
      unlimited: true,
      position: 0,
    },
    {
      id: 'co-gift-card-50',
      productId: 'co-gift-card',
      sku: 'CO-GC-50',
      price: 5_000,
      unlimited: true,
      position: 1,
    },
    { id: 'co-ebook-v', productId: 'co-ebook', sku: 'CO-EBOOK', price: 1_000, unlimited: true },
    { id: 'co-members-v', productId: 'co-members', sku: 'CO-PW', price: 900, unlimited: true },
    { id: 'co-scarce-v', productId: 'co-scarce', sku: 'CO-SCARCE', price: 1_000, qtyInStock: 10 },
  ]);
}

/** A cart row with its entries; returns the cart id and its cookie token. */
export async function createCart(
  db: AppDb,
  entries: readonly { item: Item; quantity: number }[],
): Promise<{ cartId: string; token: string }> {
  const site = await siteId(db);
  const cartId = randomUUID();
  const token = randomBytes(24).toString('base64url');
  await db.insert(schema.carts).values({ id: cartId, siteId: site, token, currency: 'USD' });
  if (entries.length > 0) {
    await db.insert(schema.cartEntries).values(
      entries.map((entry, position) => ({
        id: randomUUID(),
        cartId,
        productId: entry.item.productId,
        variantId: entry.item.variantId,
        quantity: entry.quantity,
        position,
      })),
    );
  }
  return { cartId, token };
}

/** A visitor (session + crumb) whose browser holds this cart's cookie. */
export async function shopper(
  app: FastifyInstance,
  token: string,
  remoteAddress?: string,
): Promise<Visitor> {
  const visitor = await newVisitor(app);
  visitor.cookies.set('vitrine-cart-token', token);
  if (remoteAddress === undefined) return visitor;
  return {
    ...visitor,
    inject: (options) => visitor.inject({ remoteAddress, ...options }),
  };
}

export async function stockOf(db: AppDb, variantId: string): Promise<number> {
  const [row] = await db
    .select({ qty: schema.variants.qtyInStock })
    .from(schema.variants)
    .where(eq(schema.variants.id, variantId));
  if (!row) throw new Error(`no variant ${variantId}`);
  return row.qty;
}

export async function issueGiftCard(
  db: AppDb,
  code: string,
  balanceCents: number,
  currency = 'USD',
): Promise<string> {
  const id = randomUUID();
  await db.insert(schema.giftCards).values({
    id,
    siteId: await siteId(db),
    code,
    currency,
    initialBalanceCents: balanceCents,
    balanceCents,
  });
  return id;
}

/** Row counts and sums of everything an order writes. */
export async function orderTablesSnapshot(db: AppDb): Promise<Record<string, unknown>> {
  const n = async (table: Parameters<ReturnType<AppDb['select']>['from']>[0]) =>
    (await db.select({ n: count() }).from(table))[0]?.n;
  const [stock] = await db.select({ total: sum(schema.variants.qtyInStock) }).from(schema.variants);
  const [balances] = await db
    .select({ total: sum(schema.giftCards.balanceCents) })
    .from(schema.giftCards);
  const [purchased] = await db
    .select({ n: count() })
    .from(schema.carts)
    .where(eq(schema.carts.isPurchased, true));
  return {
    orders: await n(schema.orders),
    orderLines: await n(schema.orderLines),
    couponUsages: await n(schema.couponUsages),
    giftCards: await n(schema.giftCards),
    redemptions: await n(schema.giftCardRedemptions),
    outbox: await n(schema.outbox),
    stock: stock?.total,
    balances: balances?.total,
    purchasedCarts: purchased?.n,
  };
}
