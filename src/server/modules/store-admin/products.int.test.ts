import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newVisitor } from '../../../../test/helpers/session.ts';
import { LIMITS, productRecord } from '../../../shared/site-file/index.ts';
import { schema } from '../../db/index.ts';
import {
  createStoreAdminHarness,
  ownerClient,
  storeSnapshot,
  type OwnerClient,
  type StoreAdminHarness,
  validationFailed,
} from './testing/store-admin-fixtures.ts';

const PRODUCTS = '/api/vitrine/owner/products';
const SHIRT = `${PRODUCTS}/linen-shirt`;
const NOTEBOOK = `${PRODUCTS}/field-notebook`;

let harness: StoreAdminHarness;
let manager: OwnerClient;

beforeAll(async () => {
  harness = await createStoreAdminHarness();
  manager = await ownerClient(harness.app, harness.database.db, 'STORE_MANAGER');
  // A draft product, which shoppers never see but owners list.
  const { db } = harness.database;
  await db.insert(schema.products).values({
    id: 'draft-scarf',
    siteId: 'vitrine-demo',
    title: 'Scarf',
    fullUrl: '/shop/p/draft-scarf',
    productType: 1,
    status: 'draft',
    // After every demo product.
    position: 10_000,
  });
  await db
    .insert(schema.variants)
    .values({ id: 'draft-scarf-v', productId: 'draft-scarf', sku: 'SCARF', price: 2_000 });
});
afterAll(() => harness.close());

type Record_ = ReturnType<typeof productRecord.parse>;

async function product(url = SHIRT): Promise<Record_> {
  const response = await manager.inject({ url });
  expect(response.statusCode).toBe(200);
  return response.json<{ product: Record_ }>().product;
}

function patch(payload: unknown, url = SHIRT, owner = manager) {
  return owner.inject({ method: 'PATCH', url, payload: payload as object });
}

describe('GET /api/vitrine/owner/products', () => {
  it('lists every product, drafts too, in store order, a page at a time', async () => {
    const first = await manager.inject({ url: `${PRODUCTS}?limit=2` });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    type Page = {
      products: { id: string; status: string; soldOut: boolean }[];
      hasNextPage: boolean;
      nextPageCursor: string | null;
    };
    const page1 = first.json<Page>();
    expect(page1.products).toEqual([
      {
        id: 'linen-shirt',
        collectionId: 'shop',
        title: 'Linen Shirt',
        fullUrl: '/shop/p/linen-shirt',
        productType: 1,
        status: 'published',
        variantCount: 6,
        soldOut: false,
        onSale: true,
        updated: expect.any(Number),
        // This harness imports without storing image files: nothing to serve yet.
        image: null,
        // The indigo S is on sale at 54.00; the rest cost 68.00 or 72.00.
        priceRange: { min: 5400, max: 7200 },
        // 12 + 3 + 0 + 5 + 8 + 6 units over the six variants.
        stockTotal: 34,
      },
      expect.objectContaining({ id: 'field-notebook', variantCount: 1 }),
    ]);
    expect(page1).toMatchObject({ hasNextPage: true, nextPageCursor: 'field-notebook' });

    // Following the cursors visits every product of the site once, in store order.
    const seen = [...page1.products];
    let page = page1;
    while (page.hasNextPage) {
      const next = await manager.inject({
        url: `${PRODUCTS}?limit=2&cursor=${page.nextPageCursor ?? ''}`,
      });
      expect(next.statusCode).toBe(200);
      page = next.json<Page>();
      seen.push(...page.products);
    }
    expect(page.nextPageCursor).toBeNull();
    const stored = await harness.database.db
      .select({ id: schema.products.id })
      .from(schema.products)
      .orderBy(asc(schema.products.position), asc(schema.products.id));
    expect(seen.map((entry) => entry.id)).toEqual(stored.map((row) => row.id));
    expect(seen.at(-1)).toMatchObject({ id: 'draft-scarf', status: 'draft', soldOut: true });
  });

  it('refuses bad queries with 400', async () => {
    for (const url of [
      `${PRODUCTS}?limit=0`,
      `${PRODUCTS}?limit=101`,
      `${PRODUCTS}?limit=ten`,
      `${PRODUCTS}?cursor=no%20such`,
      `${PRODUCTS}?cursor=no-such-product`,
      `${PRODUCTS}?page=2`,
    ]) {
      const response = await manager.inject({ url });
      expect([url, response.statusCode]).toEqual([url, 400]);
    }
  });
});

describe('GET /api/vitrine/owner/products/:productId', () => {
  it('answers the product in the site-file format, variants in order, valid as an import record', async () => {
    const shirt = await product();
    expect(shirt).toMatchObject({
      id: 'linen-shirt',
      collectionId: 'shop',
      title: 'Linen Shirt',
      productType: 1,
      status: 'published',
      tags: ['linen', 'summer'],
      categories: ['Shirts'],
      variantOptionOrdering: ['Size', 'Colour'],
      isSubscribable: false,
      useCustomAddButtonText: false,
    });
    expect(shirt.variants.map((v) => v.id)).toEqual([
      'linen-shirt-s-sand',
      'linen-shirt-m-sand',
      'linen-shirt-l-sand',
      'linen-shirt-s-indigo',
      'linen-shirt-m-indigo',
      'linen-shirt-l-indigo',
    ]);
    expect(shirt.variants[0]).toEqual({
      id: 'linen-shirt-s-sand',
      sku: 'LS-SAND-S',
      attributes: { Size: 'S', Colour: 'Sand' },
      price: 6_800,
      salePrice: 0,
      onSale: false,
      unlimited: false,
      qtyInStock: 12,
      mainImageId: 'linen-shirt-sand',
    });
    expect(productRecord.safeParse(shirt).success).toBe(true);
    expect((await product(`${PRODUCTS}/draft-scarf`)).status).toBe('draft');
  });

  it('answers 404 PRODUCT_NOT_FOUND for an unknown product and 400 for a malformed id', async () => {
    const missing = await manager.inject({ url: `${PRODUCTS}/no-such-product` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'PRODUCT_NOT_FOUND' } });
    expect((await manager.inject({ url: `${PRODUCTS}/a%20b` })).statusCode).toBe(400);
  });
});

describe('PATCH /api/vitrine/owner/products/:productId', () => {
  it('edits the product fields and variant prices, answers the product, and drops cached site context', async () => {
    const before = harness.invalidations();
    const response = await patch({
      title: '  Linen Camp Shirt ',
      description: '<p>Washed linen.</p>',
      excerpt: 'Washed linen.',
      tags: ['linen', 't'.repeat(LIMITS.tagLength)],
      categories: ['Shirts', 'c'.repeat(LIMITS.categoryLength)],
      useCustomAddButtonText: true,
      customAddButtonText: 'Add the shirt',
      variantOptionOrdering: ['Colour', 'Size'],
      isSubscribable: true,
      subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' } },
      additionalFieldsFormId: 'wholesale-form',
      variants: [
        { id: 'linen-shirt-l-sand', price: 7_000, salePrice: 5_600, onSale: true },
        { id: 'linen-shirt-s-sand', price: 6_500 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(harness.invalidations()).toBe(before + 1);
    const edited = response.json<{ product: Record_ }>().product;
    expect(edited).toMatchObject({
      title: 'Linen Camp Shirt',
      description: '<p>Washed linen.</p>',
      excerpt: 'Washed linen.',
      tags: ['linen', 't'.repeat(50)],
      categories: ['Shirts', 'c'.repeat(25)],
      useCustomAddButtonText: true,
      customAddButtonText: 'Add the shirt',
      variantOptionOrdering: ['Colour', 'Size'],
      isSubscribable: true,
      subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
      additionalFieldsFormId: 'wholesale-form',
    });
    expect(await product()).toEqual(edited);
    const large = edited.variants.find((v) => v.id === 'linen-shirt-l-sand');
    expect(large).toMatchObject({ price: 7_000, salePrice: 5_600, onSale: true, qtyInStock: 0 });
    expect(edited.variants.find((v) => v.id === 'linen-shirt-s-sand')).toMatchObject({
      price: 6_500,
      salePrice: 0,
      onSale: false,
    });
    // Untouched variants keep their values.
    expect(edited.variants.find((v) => v.id === 'linen-shirt-m-indigo')).toMatchObject({
      price: 7_200,
      qtyInStock: 8,
    });
  });

  it('removes optional fields with null and hides a product from shoppers with status draft', async () => {
    const response = await patch({ description: null, excerpt: null, status: 'draft' }, NOTEBOOK);
    expect(response.statusCode, response.body).toBe(200);
    const notebook = response.json<{ product: Record_ }>().product;
    expect(notebook.status).toBe('draft');
    expect(notebook).not.toHaveProperty('description');
    expect(notebook).not.toHaveProperty('excerpt');
    const [row] = await harness.database.db
      .select({ description: schema.products.description, status: schema.products.status })
      .from(schema.products)
      .where(eq(schema.products.id, 'field-notebook'));
    expect(row).toEqual({ description: null, status: 'draft' });
    const shopper = await newVisitor(harness.app);
    const stock = await shopper.inject({
      url: '/api/commerce/inventory/stock/?itemId=field-notebook',
    });
    expect(stock.statusCode).toBe(404);
    expect((await patch({ status: 'published' }, NOTEBOOK)).statusCode).toBe(200);
  });

  it('edits a Scheduled product, keeping when it appears', async () => {
    const publishOn = new Date('2099-01-01T09:00:00.000Z');
    await harness.database.db
      .update(schema.products)
      .set({ status: 'scheduled', publishOn })
      .where(eq(schema.products.id, 'field-notebook'));
    try {
      const response = await patch({ title: 'Field Notebook (spring)' }, NOTEBOOK);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ product: Record_ }>().product).toMatchObject({
        status: 'scheduled',
        publishOn: publishOn.toISOString(),
        title: 'Field Notebook (spring)',
      });
    } finally {
      await harness.database.db
        .update(schema.products)
        .set({ status: 'published', publishOn: null, title: 'Field Notebook' })
        .where(eq(schema.products.id, 'field-notebook'));
    }
  });

  it('schedules a product with when it appears, hides it from shoppers until then, and publishes it again', async () => {
    const publishOn = '2099-01-01T09:00:00.000Z';
    const response = await patch({ status: 'scheduled', publishOn }, NOTEBOOK);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ product: Record_ }>().product).toMatchObject({
      status: 'scheduled',
      publishOn,
    });
    const [row] = await harness.database.db
      .select({ status: schema.products.status, publishOn: schema.products.publishOn })
      .from(schema.products)
      .where(eq(schema.products.id, 'field-notebook'));
    expect(row).toEqual({ status: 'scheduled', publishOn: new Date(publishOn) });
    const shopper = await newVisitor(harness.app);
    const stock = () =>
      shopper.inject({ url: '/api/commerce/inventory/stock/?itemId=field-notebook' });
    expect((await stock()).statusCode).toBe(404);
    const published = await patch({ status: 'published', publishOn: null }, NOTEBOOK);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json<{ product: Record_ }>().product).not.toHaveProperty('publishOn');
    expect((await stock()).statusCode).toBe(200);
  });

  it.each([
    ['an empty patch', {}, 'body'],
    ['an empty title', { title: '  ' }, 'title'],
    ['a title of the wrong type', { title: 5 }, 'title'],
    [`a tag over ${LIMITS.tagLength} characters`, { tags: ['t'.repeat(51)] }, 'tags.0'],
    [
      `a category over ${LIMITS.categoryLength} characters`,
      { categories: ['ok', 'c'.repeat(26)] },
      'categories.1',
    ],
    ['an unknown status', { status: 'hidden' }, 'status'],
    ['Scheduled without when it appears', { status: 'scheduled' }, 'publishOn'],
    ['a publishing time that is no date-time', { publishOn: 'next Tuesday' }, 'publishOn'],
    ['a field owners do not edit here', { fullUrl: '/elsewhere' }, 'body'],
    [
      'a negative price',
      { variants: [{ id: 'linen-shirt-s-sand', price: -1 }] },
      'variants.0.price',
    ],
    [
      'a fractional price',
      { variants: [{ id: 'linen-shirt-s-sand', price: 10.5 }] },
      'variants.0.price',
    ],
    ['a huge price', { variants: [{ id: 'linen-shirt-s-sand', price: 1e15 }] }, 'variants.0.price'],
    [
      'a sale price not below the price',
      {
        variants: [
          { id: 'linen-shirt-m-sand', price: 100 },
          { id: 'linen-shirt-s-sand', onSale: true, salePrice: 9_000 },
        ],
      },
      'variants.1.salePrice',
    ],
    ['an unknown variant', { variants: [{ id: 'no-such-variant', price: 1 }] }, 'variants.0.id'],
    [
      'a variant listed twice',
      {
        variants: [
          { id: 'linen-shirt-s-sand', price: 1 },
          { id: 'linen-shirt-s-sand', price: 2 },
        ],
      },
      'variants.1.id',
    ],
    [
      'a variant stock change (the stock endpoint does that)',
      { variants: [{ id: 'linen-shirt-s-sand', qtyInStock: 1 }] },
      'variants.0',
    ],
    [
      'custom button text switched on without text',
      { useCustomAddButtonText: true, customAddButtonText: null },
      'customAddButtonText',
    ],
    [
      'a subscribable product without a plan',
      { isSubscribable: true, subscriptionPlan: null },
      'subscriptionPlan',
    ],
    [
      'a bad subscription plan',
      { isSubscribable: true, subscriptionPlan: { billingPeriod: { value: 0, unit: 'DAY' } } },
      'subscriptionPlan.billingPeriod.value',
    ],
    [
      'an option ordering naming other options',
      { variantOptionOrdering: ['Size'] },
      'variantOptionOrdering',
    ],
    ['an unknown form', { additionalFieldsFormId: 'no-such-form' }, 'additionalFieldsFormId'],
  ])(
    'refuses %s with 400 VALIDATION_FAILED naming the field, changing nothing',
    async (_, payload, field) => {
      const before = await storeSnapshot(harness.database.db);
      const invalidations = harness.invalidations();
      const response = await patch(payload);
      expect(response.statusCode, response.body).toBe(400);
      const { error } = response.json<{
        error: { code: string; fields: Record<string, string> };
      }>();
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(error.fields)).toContain(field);
      expect(await storeSnapshot(harness.database.db)).toEqual(before);
      expect(harness.invalidations()).toBe(invalidations);
    },
  );

  it('names every refused field and why, under the catalog code and message, saving nothing', async () => {
    const before = await storeSnapshot(harness.database.db);
    const response = await patch({
      title: '',
      variants: [
        { id: 'linen-shirt-s-sand', price: -100 },
        { id: 'linen-shirt-m-sand', salePrice: -1 },
      ],
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual(
      validationFailed({
        title: 'Must not be empty',
        'variants.0.price': 'Must not be negative',
        'variants.1.salePrice': 'Must not be negative',
      }),
    );
    expect(await storeSnapshot(harness.database.db)).toEqual(before);
  });

  it('refuses a digital product as a subscription, as the import does', async () => {
    await harness.database.db
      .update(schema.products)
      .set({ productType: 2 })
      .where(eq(schema.products.id, 'field-notebook'));
    const before = await storeSnapshot(harness.database.db);
    const response = await patch(
      { isSubscribable: true, subscriptionPlan: { billingPeriod: { value: 1, unit: 'WEEK' } } },
      NOTEBOOK,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: {
        fields: { isSubscribable: 'Only physical and service products can be subscriptions' },
      },
    });
    expect(await storeSnapshot(harness.database.db)).toEqual(before);
    await harness.database.db
      .update(schema.products)
      .set({ productType: 1 })
      .where(eq(schema.products.id, 'field-notebook'));
  });

  it('refuses malformed JSON (400) and answers 404 for an unknown product, changing nothing', async () => {
    const before = await storeSnapshot(harness.database.db);
    const malformed = await manager.inject({
      method: 'PATCH',
      url: SHIRT,
      headers: { 'content-type': 'application/json' },
      payload: '{"title": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: { code: 'INVALID_JSON' } });
    const missing = await patch({ title: 'Ghost' }, `${PRODUCTS}/no-such-product`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'PRODUCT_NOT_FOUND' } });
    expect(await storeSnapshot(harness.database.db)).toEqual(before);
  });
});

describe('who may read and edit products', () => {
  it('answers 401 without an owner login', async () => {
    const visitor = await newVisitor(harness.app);
    for (const response of [
      await visitor.inject({ url: PRODUCTS }),
      await visitor.inject({ url: SHIRT }),
      await visitor.inject({ method: 'PATCH', url: SHIRT, payload: { title: 'Nope' } }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 'OWNER_UNAUTHORIZED' } });
    }
  });

  it('lets a VIEWER and an EDITOR read but not edit (403), and a REPORTING owner do neither', async () => {
    const before = await storeSnapshot(harness.database.db);
    for (const role of ['VIEWER', 'EDITOR'] as const) {
      const owner = await ownerClient(harness.app, harness.database.db, role);
      expect((await owner.inject({ url: PRODUCTS })).statusCode).toBe(200);
      expect((await owner.inject({ url: SHIRT })).statusCode).toBe(200);
      const edit = await patch({ title: 'Nope' }, SHIRT, owner);
      expect(edit.statusCode).toBe(403);
      expect(edit.json()).toMatchObject({ error: { code: 'OWNER_FORBIDDEN' } });
    }
    const reporting = await ownerClient(harness.app, harness.database.db, 'REPORTING');
    for (const url of [PRODUCTS, SHIRT]) {
      expect((await reporting.inject({ url })).statusCode).toBe(403);
    }
    expect(await storeSnapshot(harness.database.db)).toEqual(before);
  });

  it('refuses an edit without the xsrf token (403 SESSION_EXPIRED)', async () => {
    const before = await storeSnapshot(harness.database.db);
    const response = await manager.inject({
      method: 'PATCH',
      url: SHIRT,
      payload: { title: 'Nope' },
      csrf: false,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: { code: 'SESSION_EXPIRED' } });
    expect(await storeSnapshot(harness.database.db)).toEqual(before);
  });
});
