/**
 * The theme's layout settings and product merchandising in Chromium, with the site file asking
 * for a sticky header, the options table on the shirt only, and the notebook sold out: the
 * header stays at the top of the window as the shopper scrolls (at 390 and 1280 px); on a
 * desktop product page the shorter column stays in view below it; the reviews summary sits
 * right under the title; the options table shows only where it is turned on; product cards
 * carry sale and sold-out badges and show a product's second picture on hover, and search shows
 * its products as the same cards; the header's bar lines up with the page's content width
 * (docs/behaviour/storefront-pages.md#theme-site-styles-and-search-engines).
 */
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/server/db/index.ts';
import { newVisitor, useStore } from '../helpers/e2e-store.ts';
import { setSiteStyles, updateSiteSettings } from '../helpers/site-styles.ts';

const store = useStore({
  async prepare(harness) {
    const { db } = harness.database;
    await setSiteStyles(harness.database, { stickyHeader: true });
    await updateSiteSettings(harness.database, (settings) => ({
      ...settings,
      productMerchandising: {
        ...(settings.productMerchandising as object),
        'linen-shirt': { optionsTableShown: true },
      },
    }));
    const [notebook] = await db
      .select()
      .from(schema.products)
      .where(eq(schema.products.fullUrl, '/shop/p/field-notebook'));
    if (!notebook) throw new Error('the demo notebook is missing');
    await db
      .update(schema.variants)
      .set({ qtyInStock: 0, unlimited: false })
      .where(eq(schema.variants.productId, notebook.id));
  },
});

const box = async (page: Page, selector: string) => {
  const found = await page.locator(selector).first().boundingBox();
  if (!found) throw new Error(`${selector} is not on screen`);
  return found;
};

describe('the sticky header the site file asks for', () => {
  it.each([390, 1280])('stays at the top of the window at %i px', async (width) => {
    const { context, page, problems } = await newVisitor(store.browser);
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${store.origin}/shop`);
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    const header = await box(page, '.site-header');
    expect(header.y).toBe(0);
    await expect(page.locator('.site-title').isVisible()).resolves.toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("the header's bar", () => {
  it.each([1280, 1440])('lines up with the page content at %i px', async (width) => {
    const { context, page, problems } = await newVisitor(store.browser);
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['/', '/shop', '/search?q=linen']) {
      await page.goto(`${store.origin}${path}`);
      const bar = await box(page, '.site-header-bar');
      const main = await box(page, '.site-main');
      // Narrower than the window here: the content width (1200 px in the demo) sets both.
      expect(main.width, path).toBeLessThan(width);
      expect(Math.abs(bar.x - main.x), path).toBeLessThanOrEqual(1);
      expect(Math.abs(bar.x + bar.width - (main.x + main.width)), path).toBeLessThanOrEqual(1);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the product page on a desktop', () => {
  it('keeps the gallery in view below the header while the shopper reads the reviews', async () => {
    const { context, page, problems } = await newVisitor(store.browser);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${store.origin}/shop/p/linen-shirt`);
    const header = await box(page, '.site-header');
    // Halfway down the product, among the reviews (past its end, the column leaves with it).
    await page.evaluate(() => {
      const product = document.querySelector<HTMLElement>('article.product');
      if (!product) throw new Error('no product');
      const box = product.getBoundingClientRect();
      window.scrollTo(0, box.top + window.scrollY + box.height / 2);
    });
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(600);
    const media = await box(page, '.product-media');
    // Below the sticky header, not under it, and still on screen.
    expect(media.y).toBeGreaterThanOrEqual(header.height);
    expect(media.y).toBeLessThan(header.height + 40);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('puts the reviews summary right under the title', async () => {
    const { context, page } = await newVisitor(store.browser);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${store.origin}/shop/p/linen-shirt`);
    const title = await box(page, '.product-title');
    const summary = await box(page, '.product-details .review-summary');
    expect(summary.y).toBeGreaterThanOrEqual(title.y + title.height - 1);
    expect(summary.y - (title.y + title.height)).toBeLessThan(32);
    await context.close();
  });

  it('shows the options table only on the product where it is turned on', async () => {
    const { context, page } = await newVisitor(store.browser);
    await page.goto(`${store.origin}/shop/p/linen-shirt`);
    const table = page.locator('table.product-variants');
    await expect(table.isVisible()).resolves.toBe(true);
    await expect(table.locator('tbody tr').count()).resolves.toBe(6);
    await page.goto(`${store.origin}/shop/p/work-jacket`);
    await expect(page.locator('table.product-variants').count()).resolves.toBe(0);
    await context.close();
  });
});

describe('product cards', () => {
  it('mark a sale and a sold-out product', async () => {
    const { context, page } = await newVisitor(store.browser);
    await page.goto(`${store.origin}/shop`);
    const card = (title: string) =>
      page.locator('.product-card', { has: page.getByText(title, { exact: true }) });
    await expect(
      card('Linen Napkins, Set of 4').locator('.product-mark.sale').isVisible(),
    ).resolves.toBe(true);
    await expect(
      card('Field Notebook').locator('.product-mark.sold-out').isVisible(),
    ).resolves.toBe(true);
    await expect(card('Market Tote').locator('.product-mark').count()).resolves.toBe(0);
    await context.close();
  });

  it("show the product's second picture on hover, and the first again after", async () => {
    const { context, page, problems } = await newVisitor(store.browser);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${store.origin}/shop`);
    const card = page.locator('.product-card', {
      has: page.getByText('Linen Shirt', { exact: true }),
    });
    const hover = card.locator('img.product-card-hover');
    await expect(hover.getAttribute('src')).resolves.toContain('linen-shirt-indigo.jpg');
    const opacity = () => hover.evaluate((element) => getComputedStyle(element).opacity);
    await expect(opacity()).resolves.toBe('0');
    await card.locator('img.product-card-image').hover();
    await expect.poll(opacity).toBe('1');
    await page.mouse.move(0, 0);
    await expect.poll(opacity).toBe('0');
    // A product with one picture has no second to show.
    const notebook = page.locator('.product-card', {
      has: page.getByText('Field Notebook', { exact: true }),
    });
    await expect(notebook.locator('img.product-card-hover').count()).resolves.toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('search results', () => {
  it.each([390, 1280])(
    'show a product as a card whose picture and link lead to it at %i px',
    async (width) => {
      const { context, page, problems } = await newVisitor(store.browser);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${store.origin}/search?q=linen`);
      const card = page.locator('.search-products .product-card', {
        has: page.getByText('Linen Shirt', { exact: true }),
      });
      const image = card.locator('img.product-card-image');
      await image.scrollIntoViewIfNeeded();
      // The picture loads from its renditions at the width the card gives it.
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      await expect(
        image.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).search),
      ).resolves.toMatch(/^\?format=\d+w$/);
      const picture = await image.boundingBox();
      const link = card.locator('a.product-card-link');
      const linkBox = await link.boundingBox();
      expect(picture?.width ?? 0).toBeGreaterThan(width < 800 ? 140 : 200);
      // The picture is inside the card's one link, which leads to the product.
      expect(linkBox?.width).toBeCloseTo(picture?.width ?? 0, 0);
      // Quick View sits inside the card, under the card's link rather than in it.
      await expect(card.locator('.product-quick-view').isVisible()).resolves.toBe(true);
      await expect(link.locator('.product-quick-view').count()).resolves.toBe(0);
      // Pages and posts stay text results.
      await expect(
        page.locator('.search-result a', { hasText: 'Caring for linen' }).isVisible(),
      ).resolves.toBe(true);
      await image.click();
      await page.waitForURL(`${store.origin}/shop/p/linen-shirt`);
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});
