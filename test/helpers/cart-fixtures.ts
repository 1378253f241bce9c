/**
 * Products the demo store lacks, for cart and stock tests: every product type, a subscription,
 * an extra-fields form, unlimited and scarce stock, a draft. Plus a snapshot of the cart tables
 * to prove a refused request changed nothing.
 */
import { asc, sql } from 'drizzle-orm';
import { schema, type AppDb } from '../../src/server/db/index.ts';

export const FIXTURE = {
  shirt: { itemId: 'linen-shirt', skuM: 'LS-SAND-M', skuS: 'LS-SAND-S' },
  notebook: { itemId: 'field-notebook', sku: 'FN-DOT-48' },
  pen: { itemId: 'engraved-pen', sku: 'PEN-1', formId: 'engraving-form' },
  ebook: { itemId: 'ebook', sku: 'EBOOK-1' },
  giftCard: { itemId: 'gift-card', sku25: 'GC-25', sku50: 'GC-50' },
  paywall: { itemId: 'members-area', sku: 'PW-1' },
  unknownType: { itemId: 'mystery-box', sku: 'MB-1' },
  subscription: { itemId: 'coffee-club', sku: 'CC-1' },
  tote: { itemId: 'tote-bag', sku: 'TOTE-1' },
  draft: { itemId: 'draft-mug', sku: 'MUG-1' },
  service: { itemId: 'yoga-class', sku: 'YOGA-1' },
  socks: { itemId: 'sale-socks', sku: 'SOCKS-1' },
} as const;

interface ProductSpec {
  id: string;
  productType: number;
  sku: string;
  price?: number;
  qtyInStock?: number;
  unlimited?: boolean;
  status?: 'published' | 'draft';
  isSubscribable?: boolean;
  formId?: string;
  onSale?: boolean;
  salePrice?: number;
}

export async function addCartFixtures(db: AppDb): Promise<string> {
  const [site] = await db
    .select({ id: schema.sites.id })
    .from(schema.sites)
    .orderBy(asc(schema.sites.createdAt))
    .limit(1);
  if (!site) throw new Error('import the demo store first');
  const siteId = site.id;
  await db.insert(schema.forms).values({
    id: FIXTURE.pen.formId,
    siteId,
    name: 'Engraving',
    fields: [
      { id: 'engraving', type: 'text', title: 'Engraving', required: true, maxLength: 20 },
      { id: 'wrap', type: 'select', title: 'Gift wrap', required: false, options: ['Yes', 'No'] },
      {
        id: 'extras',
        type: 'checkbox',
        title: 'Extras',
        required: false,
        options: ['Box', 'Card'],
      },
      {
        id: 'rate',
        type: 'likert',
        title: 'Rate us',
        required: false,
        options: ['Service', 'Speed'],
      },
    ],
  });
  const specs: ProductSpec[] = [
    {
      id: FIXTURE.pen.itemId,
      productType: 1,
      sku: FIXTURE.pen.sku,
      qtyInStock: 5,
      formId: FIXTURE.pen.formId,
    },
    { id: FIXTURE.ebook.itemId, productType: 2, sku: FIXTURE.ebook.sku, qtyInStock: 0 },
    { id: FIXTURE.paywall.itemId, productType: 5, sku: FIXTURE.paywall.sku, unlimited: true },
    {
      id: FIXTURE.unknownType.itemId,
      productType: 9,
      sku: FIXTURE.unknownType.sku,
      unlimited: true,
    },
    {
      id: FIXTURE.subscription.itemId,
      productType: 1,
      sku: FIXTURE.subscription.sku,
      unlimited: true,
      isSubscribable: true,
    },
    {
      id: FIXTURE.tote.itemId,
      productType: 1,
      sku: FIXTURE.tote.sku,
      unlimited: true,
      qtyInStock: 0,
    },
    {
      id: FIXTURE.draft.itemId,
      productType: 1,
      sku: FIXTURE.draft.sku,
      qtyInStock: 5,
      status: 'draft',
    },
    { id: FIXTURE.service.itemId, productType: 3, sku: FIXTURE.service.sku, qtyInStock: 2 },
    {
      id: FIXTURE.socks.itemId,
      productType: 1,
      sku: FIXTURE.socks.sku,
      qtyInStock: 10,
      price: 1000,
      onSale: true,
      salePrice: 700,
    },
  ];
  for (const spec of specs) {
    await db.insert(schema.products).values({
      id: spec.id,
      siteId,
      title: spec.id.replace(/-/g, ' '),
      fullUrl: `/shop/p/${spec.id}`,
      productType: spec.productType,
      status: spec.status ?? 'published',
      isSubscribable: spec.isSubscribable ?? false,
      subscriptionPlan: spec.isSubscribable
        ? { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 }
        : null,
      additionalFieldsFormId: spec.formId ?? null,
    });
    await db.insert(schema.variants).values({
      id: `${spec.id}-v`,
      productId: spec.id,
      sku: spec.sku,
      price: spec.price ?? 2500,
      salePrice: spec.salePrice ?? 0,
      onSale: spec.onSale ?? false,
      unlimited: spec.unlimited ?? false,
      qtyInStock: spec.qtyInStock ?? 0,
    });
  }
  await db.insert(schema.products).values({
    id: FIXTURE.giftCard.itemId,
    siteId,
    title: 'Gift Card',
    fullUrl: `/shop/p/${FIXTURE.giftCard.itemId}`,
    productType: 4,
    variantOptionOrdering: ['Amount'],
  });
  await db.insert(schema.variants).values([
    {
      id: 'gc-25',
      productId: FIXTURE.giftCard.itemId,
      sku: FIXTURE.giftCard.sku25,
      price: 2500,
      attributes: { Amount: '25' },
      position: 0,
    },
    {
      id: 'gc-50',
      productId: FIXTURE.giftCard.itemId,
      sku: FIXTURE.giftCard.sku50,
      price: 5000,
      attributes: { Amount: '50' },
      position: 1,
    },
  ]);
  return siteId;
}

export interface CartTablesSnapshot {
  readonly carts: number;
  readonly entries: readonly { id: string; quantity: number; additionalFields: unknown }[];
  readonly stock: readonly { id: string; qtyInStock: number }[];
}

/** Everything a cart request may change: cart rows, entries (with quantities and answers), stock. */
export async function snapshotCartTables(db: AppDb): Promise<CartTablesSnapshot> {
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(schema.carts);
  const entries = await db
    .select({
      id: schema.cartEntries.id,
      quantity: schema.cartEntries.quantity,
      additionalFields: schema.cartEntries.additionalFields,
    })
    .from(schema.cartEntries)
    .orderBy(asc(schema.cartEntries.id));
  const stock = await db
    .select({ id: schema.variants.id, qtyInStock: schema.variants.qtyInStock })
    .from(schema.variants)
    .orderBy(asc(schema.variants.id));
  return { carts: count?.n ?? 0, entries, stock };
}
