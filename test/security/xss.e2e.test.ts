/**
 * Cross-site scripting, checked in Chromium: script planted in a product title, a review, a
 * search query and extra-field answers renders as inert text — no dialog opens and no planted
 * handler runs — and the Content-Security-Policy stops a script injected into the page.
 */
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/server/db/index.ts';
import { useStore } from '../helpers/e2e-store.ts';

/** Each payload, if it ever ran, would open a dialog and set window.__xss. */
const PAYLOADS = [
  '<script>window.__xss=1;alert(1)</script>',
  '"><img src=x onerror="window.__xss=2;alert(2)">',
  '\'><svg onload="window.__xss=3;alert(3)">',
  '</textarea><iframe srcdoc="<script>parent.__xss=4</script>"></iframe>',
];

const store = useStore({
  async prepare(harness) {
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
  },
});

/** Opens a page, counting dialogs (dismissed) and CSP violations. */
async function visit(page: Page, path: string): Promise<{ dialogs: string[] }> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(`${store.origin}${path}`);
  await page.waitForLoadState('networkidle');
  return { dialogs };
}

async function planted(page: Page): Promise<unknown> {
  return page.evaluate(() => (window as unknown as { __xss?: number }).__xss);
}

describe('planted script stays text', () => {
  it('in a product title, its excerpt and its reviews', async () => {
    const page = await store.browser.newPage();
    const { dialogs } = await visit(page, '/shop/p/linen-shirt');
    expect(dialogs).toEqual([]);
    await expect(planted(page)).resolves.toBeUndefined();
    // Shown as the text it is.
    await expect(page.locator('h1.product-title').textContent()).resolves.toContain('<img src=x');
    // Reviews are kept as plain text (tags stripped, docs/behaviour/reviews.md#plain-text): what is left shows as text.
    await expect(page.locator('.review-text').first().textContent()).resolves.toBe(
      'parent.__xss=4">',
    );
    await expect(page.locator('.review iframe, .review img, .review svg').count()).resolves.toBe(0);
    await page.close();
  });

  it('in the shop grid and the search results', async () => {
    for (const path of ['/shop', `/search?q=${encodeURIComponent(PAYLOADS[2] ?? '')}`]) {
      const page = await store.browser.newPage();
      const { dialogs } = await visit(page, path);
      expect(dialogs).toEqual([]);
      await expect(planted(page)).resolves.toBeUndefined();
      await page.close();
    }
  });

  it('in extra-field answers shown on the cart page', async () => {
    // Answered in the plain form (JavaScript off: the fields sit in the form itself) …
    const typing = await store.browser.newContext({ javaScriptEnabled: false });
    const form = await typing.newPage();
    await form.goto(`${store.origin}/shop/p/monogram-handkerchief`);
    await form.fill('#product-field-initials', 'AB');
    await form.selectOption('#product-field-thread', 'Navy');
    await form.fill('#product-field-note', PAYLOADS[1] ?? '');
    await form.click('button.product-add');
    await form.waitForLoadState();
    expect(form.url()).toBe(`${store.origin}/cart`);
    // … then shown to the same shopper with scripts running.
    const context = await store.browser.newContext({ storageState: await typing.storageState() });
    await typing.close();
    const page = await context.newPage();
    await visit(page, '/cart');
    await expect(page.locator('.cart-entry-answers').textContent()).resolves.toContain('onerror=');
    await expect(planted(page)).resolves.toBeUndefined();
    await context.close();
  });
});

describe('the Content-Security-Policy', () => {
  it('stops a script injected into a page, and reports the violation', async () => {
    const page = await store.browser.newPage();
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
