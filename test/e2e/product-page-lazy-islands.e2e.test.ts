/**
 * The product page's islands that wait (src/islands/README.md) in Chromium on the demo store, on
 * a phone-sized screen: the page preloads only the code of the islands hydrated at load; the
 * reviews' code is fetched when the list scrolls into view and 'See More Reviews' then pages;
 * the pay-later teaser and the restock form, hydrated when the page is idle, start from a choice
 * the shopper made before their code arrived, and the pay-later popup opens.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newVisitor, useStore } from '../helpers/e2e-store.ts';

const SHIRT = '/shop/p/linen-shirt';
const hydrated = (name: string) => `vitrine-island[data-island="${name}"][data-hydrated="true"]`;
/** Chunks of islands that wait, and the schemas only they bring. */
const WAITING = /\/assets\/(ProductReviews|PayLaterTeaser|RestockForm|ReviewSummary|schemas)-/;

const store = useStore();

async function phoneVisitor() {
  const visitor = await newVisitor(store.browser, { viewport: { width: 390, height: 844 } });
  const requested: string[] = [];
  visitor.page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  return { ...visitor, requested };
}

const preloads = (page: Page) =>
  page.$$eval('link[rel="modulepreload"]', (links) =>
    links.map((link) => link.getAttribute('href') ?? ''),
  );

describe('islands that wait on the product page', () => {
  it("preloads none of their code, fetches the reviews' on scrolling to them, and pages with See More", async () => {
    const { context, page, problems, requested } = await phoneVisitor();
    await page.goto(`${store.origin}${SHIRT}`);
    await page.waitForSelector(hydrated('ProductForm'), { state: 'attached' });
    expect((await preloads(page)).filter((href) => WAITING.test(href))).toEqual([]);
    expect((await preloads(page)).some((href) => href.includes('/assets/ProductForm-'))).toBe(true);
    // Below the fold on a phone: not fetched while the shopper has not scrolled.
    await page.waitForSelector(hydrated('PayLaterTeaser'), { state: 'attached' });
    expect(requested.filter((url) => url.includes('/assets/ProductReviews-'))).toEqual([]);
    await expect(page.getByRole('button', { name: 'See More Reviews' }).count()).resolves.toBe(0);

    await page.locator('#reviews').scrollIntoViewIfNeeded();
    await page.waitForSelector(hydrated('ProductReviews'), { state: 'attached' });
    expect(requested.filter((url) => url.includes('/assets/ProductReviews-'))).toHaveLength(1);
    await expect(page.locator('li.review').count()).resolves.toBe(10);
    await page.getByRole('button', { name: 'See More Reviews' }).click();
    await page.waitForFunction(() => document.querySelectorAll('li.review').length === 17);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('start the pay-later teaser and the restock form from a choice made before their code came, and open the popup', async () => {
    const { context, page, problems } = await phoneVisitor();
    // Their code is held back until the shopper has chosen the sold-out Large Sand.
    let release: () => void = () => undefined;
    const chosen = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/(PayLaterTeaser|RestockForm)-[^/]+\.js$/, async (route) => {
      await chosen;
      await route.continue();
    });
    await page.goto(`${store.origin}${SHIRT}`);
    await page.waitForSelector(hydrated('ProductForm'), { state: 'attached' });
    const message = () => page.locator('.pay-later-message').textContent();
    await expect(message()).resolves.toBe('4 interest-free payments of $13.50');
    await page.selectOption('#product-option-0', 'L');
    await page.selectOption('#product-option-1', 'Sand');
    await expect(page.locator(hydrated('PayLaterTeaser')).count()).resolves.toBe(0);
    release();

    await page.waitForSelector(hydrated('PayLaterTeaser'), { state: 'attached' });
    await page.waitForSelector(hydrated('RestockForm'), { state: 'attached' });
    await expect.poll(message).toBe('4 interest-free payments of $17.00');
    await page.locator('#restock').waitFor({ state: 'visible' });

    await page.getByRole('button', { name: /Afterpay\s+More information/ }).click();
    await page.getByRole('dialog', { name: 'Afterpay information popup' }).waitFor();
    await page.waitForSelector('.pay-later-content .pay-later-modal');
    expect(problems).toEqual([]);
    await context.close();
  });
});
