/**
 * Cross-site scripting, checked in Chromium: script planted in a product title, a review, a
 * search query and extra-field answers renders as inert text — no dialog opens and no planted
 * handler runs — and the Content-Security-Policy stops a script injected into the page.
 */
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { schema } from '../../src/server/db/index.ts';
import { loadClientAssets } from '../../src/server/render/client-assets.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { launchChromium } from '../helpers/chromium.ts';

/** Each payload, if it ever ran, would open a dialog and set window.__xss. */
const PAYLOADS = [
  '<script>window.__xss=1;alert(1)</script>',
  '"><img src=x onerror="window.__xss=2;alert(2)">',
  '\'><svg onload="window.__xss=3;alert(3)">',
  '</textarea><iframe srcdoc="<script>parent.__xss=4</script>"></iframe>',
];

let harness: TestApp;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  harness = await createTestApp({
    assets: await loadClientAssets(),
    rateLimit: { max: 1_000_000, timeWindowMs: 60_000 },
  });
  const { db } = harness.database;
  await db
    .update(schema.products)
    .set({ title: `Linen Shirt ${PAYLOADS[1]}`, excerpt: PAYLOADS[0] })
    .where(eq(schema.products.id, 'linen-shirt'));
  await db.insert(schema.reviews).values(
    PAYLOADS.map((payload, index) => ({
      id: `xss-${index}`,
      siteId: 'vitrine-demo',
      productId: 'linen-shirt',
      userName: payload,
      reviewDate: new Date(Date.UTC(2030, 0, 1 + index)),
      starRating: 5,
      reviewText: payload,
    })),
  );
  harness.app.log.level = 'silent';
  origin = await harness.app.listen({ port: 0, host: '127.0.0.1' });
  browser = await launchChromium(inject('chromiumPath'));
});

afterAll(async () => {
  await browser?.close();
  await harness?.close();
});

/** Opens a page, counting dialogs (dismissed) and CSP violations. */
async function visit(page: Page, path: string): Promise<{ dialogs: string[] }> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(`${origin}${path}`);
  await page.waitForLoadState('networkidle');
  return { dialogs };
}

async function planted(page: Page): Promise<unknown> {
  return page.evaluate(() => (window as unknown as { __xss?: number }).__xss);
}

describe('planted script stays text', () => {
  it('in a product title, its excerpt and its reviews', async () => {
    const page = await browser.newPage();
    const { dialogs } = await visit(page, '/shop/p/linen-shirt');
    expect(dialogs).toEqual([]);
    await expect(planted(page)).resolves.toBeUndefined();
    // Shown as the text it is.
    await expect(page.locator('h1.product-title').textContent()).resolves.toContain('<img src=x');
    // Reviews are kept as plain text (tags stripped, storefront.md §3): what is left shows as text.
    await expect(page.locator('.review-text').first().textContent()).resolves.toBe(
      'parent.__xss=4">',
    );
    await expect(page.locator('.review iframe, .review img, .review svg').count()).resolves.toBe(0);
    await page.close();
  });

  it('in the shop grid and the search results', async () => {
    for (const path of ['/shop', `/search?q=${encodeURIComponent(PAYLOADS[2] ?? '')}`]) {
      const page = await browser.newPage();
      const { dialogs } = await visit(page, path);
      expect(dialogs).toEqual([]);
      await expect(planted(page)).resolves.toBeUndefined();
      await page.close();
    }
  });

  it('in extra-field answers shown on the cart page', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await visit(page, '/shop/p/monogram-handkerchief');
    await page.fill('#product-field-initials', 'AB');
    await page.selectOption('#product-field-thread', 'Navy');
    await page.fill('#product-field-note', PAYLOADS[1] ?? '');
    await page.click('button.product-add');
    await page.waitForURL(`${origin}/cart`);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.cart-entry-answers').textContent()).resolves.toContain('onerror=');
    await expect(planted(page)).resolves.toBeUndefined();
    await context.close();
  });
});

describe('the Content-Security-Policy', () => {
  it('stops a script injected into a page, and reports the violation', async () => {
    const page = await browser.newPage();
    await visit(page, '/');
    const outcome = await page.evaluate(
      () =>
        new Promise<{ ran: boolean; violated: string }>((resolve) => {
          document.addEventListener('securitypolicyviolation', (event) =>
            resolve({
              ran: (window as unknown as { __xss?: number }).__xss !== undefined,
              violated: event.violatedDirective,
            }),
          );
          const script = document.createElement('script');
          script.textContent = 'window.__xss = 9';
          document.body.append(script);
        }),
    );
    expect(outcome).toEqual({ ran: false, violated: 'script-src-elem' });
    await page.close();
  });
});
