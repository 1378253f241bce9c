/**
 * The search page's product hits as the theme's product cards (the collection page's partial):
 * picture with its renditions' srcset and sizes, title, price with the sale and sold-out marks,
 * the whole card one link and Quick View a button inside the card; pages and posts stay text
 * results. The page's products are read in one statement, however many there are.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { watchQueries, type QueryLog } from '../../../test/helpers/query-log.ts';
import { schema } from '../db/index.ts';

let harness: TestApp;
let queries: QueryLog;

beforeAll(async () => {
  queries = watchQueries();
  harness = await createTestApp();
  // The notebook sold out, to see its mark on its card.
  const { db } = harness.database;
  await db
    .update(schema.variants)
    .set({ qtyInStock: 0, unlimited: false })
    .where(eq(schema.variants.productId, 'field-notebook'));
}, 300_000);
afterAll(async () => {
  await harness.close();
  queries.stop();
});

const search = async (query: string) => {
  const response = await harness.app.inject({ url: `/search?q=${encodeURIComponent(query)}` });
  expect(response.statusCode).toBe(200);
  return response.body;
};

/** Each product card of the page, as its HTML. */
function cards(html: string): string[] {
  return [...html.matchAll(/<li class="product-card">([\s\S]*?)<\/li>/g)].map((m) => m[1] ?? '');
}

describe('search results as product cards', () => {
  it('shows a product hit as a card: one link around picture, title and price, Quick View inside', async () => {
    const html = await search('linen');
    const shirt = cards(html).find((card) => card.includes('Linen Shirt'));
    if (shirt === undefined) throw new Error(`no Linen Shirt card in ${html}`);
    expect(shirt).toMatch(/^\s*<a class="product-card-link" href="\/shop\/p\/linen-shirt">/);
    expect(shirt).toMatch(
      /<img class="product-card-image" src="[^"]+linen-shirt-sand\.jpg\?format=500w"/,
    );
    expect(shirt).toMatch(/srcset="[^"]+\?format=100w 100w,[^"]+\?format=1000w 1000w,/);
    expect(shirt).toContain('sizes="(min-width: 1200px) 18rem, (min-width: 800px) 30vw, 50vw"');
    expect(shirt).toContain('<span class="product-card-title">Linen Shirt</span>');
    expect(shirt).toMatch(/<span class="product-card-price">[^<]*\$\d+\.\d\d<\/span>/);
    // Quick View is a button inside the card, after (not inside) the card's link.
    expect(shirt).toMatch(/<\/a>\s*<vitrine-island[^>]*data-island="QuickView"/);
    expect(html).toContain('<ul class="product-grid search-products" aria-label="Products">');
  });

  it('marks a sale and a sold-out product on their cards', async () => {
    const napkins = cards(await search('napkins')).find((card) => card.includes('Linen Napkins'));
    expect(napkins).toContain('<div class="product-mark sale">');
    const notebook = cards(await search('notebook')).find((card) =>
      card.includes('Field Notebook'),
    );
    expect(notebook).toContain('<div class="product-mark sold-out">');
  });

  it('keeps pages and posts as text results, products out of them', async () => {
    const html = await search('linen');
    const text = html.slice(html.indexOf('<ol class="search-results">'));
    expect(text).toContain('<a href="/journal/caring-for-linen">Caring for linen</a>');
    expect(text).toContain('<p class="search-result-kind">Blog post</p>');
    expect(text).not.toContain('<p class="search-result-kind">Product</p>');
    // Every hit of the count is on the page once: cards plus text results.
    const total = Number(/(\d+) results? for/.exec(html)?.[1]);
    const textResults = (text.match(/<li class="search-result">/g) ?? []).length;
    expect(cards(html).length + textResults).toBe(total);
    expect(cards(html).length).toBeGreaterThanOrEqual(2);
  });

  it("reads the page's products in one statement, with their variants", async () => {
    await search('linen');
    const statements = await queries.during(() => search('linen'));
    // The search itself reads products in a union; the cards are the one query by ids.
    const productReads = statements.filter((s) => /from "products".*"products"."id" in \(/.test(s));
    expect(productReads).toHaveLength(1);
  });
});
