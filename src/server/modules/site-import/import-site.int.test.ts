import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import demo from '../../../../demo/site.json' with { type: 'json' };
import type { SiteFileInput } from '../../../shared/site-file/index.ts';
import { createTestDatabase } from '../../../../test/helpers/db.ts';
import { getSite, schema, type Database } from '../../db/index.ts';
import { getProductByUrl, getStock } from '../catalog/queries.ts';
import { readPerformanceFlags, writePerformanceFlags } from '../telemetry/performance-flags.ts';
import {
  exportSite,
  importSite,
  isDatabaseEmpty,
  SiteFileError,
  SiteImportConflictError,
} from './index.ts';

const { sites, collections, pages, products, variants, forms, reviews, carts, cartEntries } =
  schema;

function demoFile(): SiteFileInput {
  return structuredClone(demo) as SiteFileInput;
}

/** Row counts of every content table, to prove a failed import changed nothing. */
async function snapshot(database: Database) {
  const tables = { sites, collections, pages, products, variants, forms, reviews, cartEntries };
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await database.db.select({ n: count() }).from(table);
    counts[name] = row?.n ?? -1;
  }
  const titles = await database.db
    .select({ id: products.id, title: products.title, fullUrl: products.fullUrl })
    .from(products)
    .orderBy(asc(products.id));
  const stock = await database.db
    .select({ id: variants.id, sku: variants.sku, qty: variants.qtyInStock, price: variants.price })
    .from(variants)
    .orderBy(asc(variants.id));
  return { counts, titles, stock };
}

describe('importSite', () => {
  let database: Database;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    ({ database, cleanup } = await createTestDatabase());
  });
  afterAll(() => cleanup());

  it('starts from an empty database', async () => {
    expect(await isDatabaseEmpty(database)).toBe(true);
    expect(await getSite(database.db)).toBeUndefined();
  });

  it('imports the demo store', async () => {
    const demoContent = demo as { posts?: unknown[]; events?: unknown[] };
    const summary = await importSite(database, demo);
    expect(summary).toEqual({
      siteId: 'vitrine-demo',
      // Counted from the file, so the demo can grow without this test changing.
      collections: demo.collections.length,
      pages: demo.pages.length,
      products: demo.products.length,
      variants: demo.products.reduce((sum, product) => sum + product.variants.length, 0),
      forms: demo.forms.length,
      reviews: demo.reviews.length,
      contentItems: (demoContent.posts?.length ?? 0) + (demoContent.events?.length ?? 0),
    });
    expect(await isDatabaseEmpty(database)).toBe(false);
    const site = await getSite(database.db);
    expect(site).toMatchObject({
      id: 'vitrine-demo',
      title: 'Vitrine Demo Store',
      settings: { currency: 'USD', timeZone: 'America/New_York', language: 'en-US' },
    });
  });

  it('writes the rollout flags the file names, refuses unknown ones, and exports those in force', async () => {
    expect(await readPerformanceFlags(database.db, 'vitrine-demo')).toEqual({
      rum: true,
      'website-app': true,
      'track-page-speed': true,
      'track-user-timing': true,
    });
    const file = demoFile();
    Object.assign(file.website.settings ?? {}, { performanceFlags: { 'not a flag': true } });
    const error: unknown = await importSite(database, file).catch((e: unknown) => e);
    expect((error as SiteFileError).errors).toEqual([
      'website.settings.performanceFlags.not a flag: is not a rollout flag (rum, <app>-app, track-page-speed, track-user-timing)',
    ]);
    // An owner turned the collector off after the import: the export says so.
    await writePerformanceFlags(database.db, 'vitrine-demo', { rum: false });
    const exported = await exportSite(database, 'vitrine-demo');
    expect(exported.website.settings.performanceFlags).toEqual({ rum: false });
    await importSite(database, demo);
    expect((await readPerformanceFlags(database.db, 'vitrine-demo')).rum).toBe(true);
  });

  it('reads a product back with its variants in position order', async () => {
    const product = await getProductByUrl(database.db, 'vitrine-demo', '/shop/p/linen-shirt');
    expect(product).toMatchObject({
      id: 'linen-shirt',
      siteId: 'vitrine-demo',
      collectionId: 'shop',
      title: 'Linen Shirt',
      productType: 1,
      status: 'published',
      isSubscribable: false,
      subscriptionPlan: null,
      useCustomAddButtonText: false,
      variantOptionOrdering: ['Size', 'Colour'],
      tags: ['linen', 'summer'],
    });
    expect(product?.variants.map((v) => v.sku)).toEqual([
      'LS-SAND-S',
      'LS-SAND-M',
      'LS-SAND-L',
      'LS-INDIGO-S',
      'LS-INDIGO-M',
      'LS-INDIGO-L',
    ]);
    expect(product?.variants[3]).toMatchObject({
      id: 'linen-shirt-s-indigo',
      attributes: { Size: 'S', Colour: 'Indigo' },
      price: 7200,
      salePrice: 5400,
      onSale: true,
      unlimited: false,
      qtyInStock: 5,
      mainImageId: 'linen-shirt-indigo',
    });
    expect(await getProductByUrl(database.db, 'vitrine-demo', '/shop/p/nope')).toBeUndefined();
    expect(await getProductByUrl(database.db, 'other-site', '/shop/p/linen-shirt')).toBeUndefined();
  });

  it('returns stock per variant in variant order', async () => {
    const stock = await getStock(database.db, 'linen-shirt');
    expect(stock[0]).toEqual({
      variantId: 'linen-shirt-s-sand',
      sku: 'LS-SAND-S',
      unlimited: false,
      qtyInStock: 12,
    });
    expect(stock.map((s) => s.qtyInStock)).toEqual([12, 3, 0, 5, 8, 6]);
    expect(await getStock(database.db, 'no-such-product')).toEqual([]);
  });

  it('stores forms, pages and reviews with the spec field names', async () => {
    const [form] = await database.db.select().from(forms).where(eq(forms.id, 'contact-form'));
    expect(form?.name).toBe('Contact Us');
    expect(form?.fields.map((f) => f.id)).toEqual([
      'name',
      'email',
      'phone',
      'topic',
      'order-section',
      'order',
      'ordered',
      'items',
      'total',
      'delivery',
      'website',
      'callback',
      'reply',
      'interests',
      'service',
      'message',
      'source',
    ]);
    expect(form?.settings).toEqual({
      submissionMessage: 'Thank you. We will be in touch within two working days.',
      disclaimerMessage:
        'We use your details only to answer this message. Read how we handle them in our [privacy notice](/contact).',
      captchaEnabled: false,
    });
    const [page] = await database.db.select().from(pages);
    expect(page).toMatchObject({ fullUrl: '/contact', status: 'published' });
    const rows = await database.db.select().from(reviews).orderBy(asc(reviews.reviewDate));
    expect(rows).toHaveLength(demo.reviews.length);
    expect(rows.slice(0, 2).map((r) => [r.userName, r.starRating])).toEqual([
      ['Maya R.', 5],
      ['Daniel K.', 4],
    ]);
    expect(rows[0]?.reviewDate.toISOString()).toBe('2026-06-14T16:20:00.000Z');
  });

  it('re-imports the same file without change', async () => {
    const before = await snapshot(database);
    await importSite(database, demo);
    expect(await snapshot(database)).toEqual(before);
  });

  it('re-import replaces the content and keeps carts of products that remain', async () => {
    // A shopper's cart holding the shirt, which stays in the new file.
    await database.db
      .insert(carts)
      .values({ id: 'cart-1', siteId: 'vitrine-demo', token: 'token-1' });
    await database.db.insert(cartEntries).values({
      id: 'entry-1',
      cartId: 'cart-1',
      productId: 'linen-shirt',
      variantId: 'linen-shirt-m-sand',
      quantity: 2,
    });

    const file = demoFile();
    const [shirt, notebook] = file.products ?? [];
    if (!shirt || !notebook) throw new Error('the demo has two products');
    shirt.title = 'Washed Linen Shirt';
    // Swap two URLs and two SKUs: the import must not trip over its own unique keys.
    [shirt.fullUrl, notebook.fullUrl] = [notebook.fullUrl, shirt.fullUrl];
    const [first, second] = shirt.variants;
    if (!first || !second) throw new Error('the shirt has variants');
    [first.sku, second.sku] = [second.sku, first.sku];
    shirt.variants = shirt.variants.filter((v) => v.id !== 'linen-shirt-l-indigo');
    file.reviews = [];
    file.pages = [{ id: 'about', title: 'About', fullUrl: '/about', status: 'draft' }];

    await importSite(database, file);

    const moved = await getProductByUrl(database.db, 'vitrine-demo', '/shop/p/field-notebook');
    expect(moved?.id).toBe('linen-shirt');
    expect(moved?.title).toBe('Washed Linen Shirt');
    expect(moved?.variants.map((v) => v.sku)).toEqual([
      'LS-SAND-M',
      'LS-SAND-S',
      'LS-SAND-L',
      'LS-INDIGO-S',
      'LS-INDIGO-M',
    ]);
    expect((await getProductByUrl(database.db, 'vitrine-demo', '/shop/p/linen-shirt'))?.id).toBe(
      'field-notebook',
    );
    expect(await database.db.select().from(reviews)).toEqual([]);
    expect(await database.db.select({ id: pages.id, status: pages.status }).from(pages)).toEqual([
      { id: 'about', status: 'draft' },
    ]);
    expect(await database.db.select({ id: cartEntries.id }).from(cartEntries)).toEqual([
      { id: 'entry-1' },
    ]);
  });

  it('deletes cart entries of variants the new file removes', async () => {
    await database.db.insert(cartEntries).values({
      id: 'entry-2',
      cartId: 'cart-1',
      productId: 'linen-shirt',
      variantId: 'linen-shirt-m-indigo',
      quantity: 1,
    });
    const file = demoFile();
    const shirt = file.products?.[0];
    if (!shirt) throw new Error('the demo has a shirt');
    shirt.variants = shirt.variants.filter((v) => v.id !== 'linen-shirt-m-indigo');
    await importSite(database, file);
    expect(
      await database.db
        .select({ id: cartEntries.id })
        .from(cartEntries)
        .where(eq(cartEntries.cartId, 'cart-1')),
    ).toEqual([{ id: 'entry-1' }]);
  });

  it('hides unpublished products from the product page query unless asked', async () => {
    const file = demoFile();
    const notebook = file.products?.[1];
    if (!notebook) throw new Error('the demo has a notebook');
    notebook.status = 'draft';
    await importSite(database, file);
    const url = '/shop/p/field-notebook';
    expect(await getProductByUrl(database.db, 'vitrine-demo', url)).toBeUndefined();
    const draft = await getProductByUrl(database.db, 'vitrine-demo', url, {
      includeUnpublished: true,
    });
    expect(draft?.status).toBe('draft');
  });

  it('changes nothing when the file is invalid', async () => {
    await importSite(database, demo);
    const before = await snapshot(database);
    const file = demoFile();
    const shirt = file.products?.[0];
    const variant = shirt?.variants[1];
    if (!shirt || !variant) throw new Error('the demo has a shirt with variants');
    shirt.title = 'Should not be written';
    variant.price = -100;

    const error: unknown = await importSite(database, file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SiteFileError);
    expect((error as SiteFileError).errors).toEqual([
      'products[0].variants[1].price: Must not be negative (product "linen-shirt", variant "linen-shirt-m-sand")',
    ]);
    expect(await snapshot(database)).toEqual(before);
  });

  it('changes nothing when the database rejects the file midway', async () => {
    const before = await snapshot(database);
    const file = demoFile();
    const notebook = file.products?.[1];
    if (!notebook) throw new Error('the demo has a notebook');
    notebook.title = 'Should not be written';
    // Valid for the schema, refused by the cart entry's (product, variant) foreign key:
    // entry-1 points at a variant that this file moves to another product.
    const moved = file.products?.[0]?.variants.find((v) => v.id === 'linen-shirt-m-sand');
    if (!moved) throw new Error('the demo has the variant');
    file.products = file.products?.map((p) =>
      p.id === 'linen-shirt'
        ? { ...p, variants: p.variants.filter((v) => v.id !== moved.id) }
        : p.id === 'field-notebook'
          ? { ...p, variants: [moved] }
          : p,
    );
    await expect(importSite(database, file)).rejects.toThrow();
    expect(await snapshot(database)).toEqual(before);
  });

  it('refuses a file for another site', async () => {
    const file = demoFile();
    file.website.id = 'another-site';
    await expect(importSite(database, file)).rejects.toBeInstanceOf(SiteImportConflictError);
    expect(await database.db.select({ id: sites.id }).from(sites)).toEqual([
      { id: 'vitrine-demo' },
    ]);
  });
});
