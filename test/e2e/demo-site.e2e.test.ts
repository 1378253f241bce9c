/**
 * Every page type of the demo store in Chromium: the right status and page type, no console
 * errors (a CSP violation is one), axe 0 violations at 390 px and at 1280 px, and (under `npm run
 * screenshots`) pictures of both kept in test-results/screenshots/. Then a purchase with JavaScript off, from the product page's
 * plain form through the cart and checkout to the order confirmation.
 */
import AxeBuilder from '@axe-core/playwright';
import { fillAddress } from '../helpers/checkout-form.ts';
import { describe, expect, it } from 'vitest';
import { newVisitor, useStore } from '../helpers/e2e-store.ts';
import { keepFullPagePicture } from '../helpers/full-page-pictures.ts';
import { layoutShiftAfterHydration } from '../helpers/layout-shift.ts';
import { pageReady } from '../helpers/page-ready.ts';
const WIDTHS = [390, 1280] as const;

/** name, path, HTTP status, page type (docs/behaviour/storefront-pages.md#page-types). */
const PAGES: readonly (readonly [string, string, number, number])[] = [
  ['home', '/', 200, 2],
  ['shop', '/shop', 200, 1],
  ['product', '/shop/p/linen-shirt', 200, 50],
  ['product-three-options', '/shop/p/work-jacket', 200, 50],
  ['product-extra-fields', '/shop/p/monogram-handkerchief', 200, 50],
  ['page-with-form', '/contact', 200, 2],
  ['blog', '/journal', 200, 1],
  ['post', '/journal/caring-for-linen', 200, 50],
  ['event', '/events/autumn-market', 200, 50],
  ['search', '/search?q=linen', 200, 102],
  ['not-found', '/no-such-page', 404, 100],
  ['protected', '/trade', 401, 105],
  ['members-only', '/members', 403, 106],
  ['cart', '/cart', 200, 200],
  ['checkout', '/checkout', 200, 201],
  ['gift-card', '/commerce/gift-card?itemId=store-gift-card', 200, 2],
  ['login', '/account/login', 200, 2],
  ['create-account', '/account/create', 200, 2],
  ['forgot-password', '/account/forgot-password', 200, 2],
  ['gallery', '/gallery', 200, 2],
  ['newsletter-unsubscribe', '/newsletter/unsubscribe?token=none', 200, 300],
];

const store = useStore();

const visitor = (options: { javaScriptEnabled?: boolean } = {}) =>
  newVisitor(store.browser, options);

describe('every page type of the demo store', () => {
  it.each(PAGES)(
    '%s (%s): status %i, page type %i, no console errors, axe clean',
    async (name, url, status, pageType) => {
      const { context, page, problems } = await visitor();
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        const response = await page.goto(`${store.origin}${url}`);
        expect(response?.status()).toBe(status);
        await expect(page.getAttribute('body', 'data-page-type')).resolves.toBe(String(pageType));
        await expect(page.locator('link[rel="icon"]').count()).resolves.toBeGreaterThanOrEqual(
          pageType === 300 ? 0 : 1,
        );
        await pageReady(page);
        await keepFullPagePicture(page, `${name}-${width}.png`);
        const results = await new AxeBuilder({ page }).analyze();
        expect(
          results.violations.map((violation) => `${width}px ${violation.id}: ${violation.help}`),
        ).toEqual([]);
      }
      expect(problems).toEqual([]);
      await context.close();
    },
    // Two widths of axe runs (and pictures, when kept): the long contact page needs more than the default.
    180_000,
  );
});

describe('hydration and font loading move nothing', () => {
  it.each([
    '/',
    '/shop',
    '/shop/p/linen-shirt',
    '/shop/p/monogram-handkerchief',
    '/shop/p/store-gift-card',
    '/contact',
    '/cart',
    '/gallery',
  ])('%s: no layout shift while its islands hydrate, at 390 and 1280 px', async (url) => {
    for (const width of WIDTHS) {
      const { context, page } = await visitor();
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${store.origin}${url}`);
      // The site's fonts swapped in too: a swap that moves the page counts (CLS 0 means none).
      await page.evaluate(() => document.fonts.ready.then(() => true));
      const shift = await layoutShiftAfterHydration(page);
      expect(shift, `${url} at ${width} px`).toBe(0);
      await context.close();
    }
  });
});

describe('buying with JavaScript off', () => {
  it('adds from the product page, shows the item in the cart, and places the order', async () => {
    const { context, page, problems } = await visitor({ javaScriptEnabled: false });
    await page.goto(`${store.origin}/shop/p/linen-shirt`);
    await page.selectOption('#product-option-0', 'M');
    await page.selectOption('#product-option-1', 'Sand');
    await page.fill('#product-quantity', '2');
    await page.click('button.product-add');
    await page.waitForURL(`${store.origin}/cart`);
    await expect(page.locator('.cart-entry-title').first().textContent()).resolves.toContain(
      'Linen Shirt',
    );
    await expect(
      page.locator('.cart-entry-quantity input[name="quantity"]').inputValue(),
    ).resolves.toBe('2');

    await page.click('a.cart-checkout');
    await page.waitForURL(/\/checkout/);
    await page.getByLabel('Email').fill('shopper@example.com');
    await fillAddress(page, 'NY');
    // Scripts are off: the summary is priced for the address by 'Update totals'.
    await page.getByRole('button', { name: 'Update totals' }).click();
    await page.waitForLoadState();
    await page.getByRole('button', { name: 'Place order' }).click();
    // The 303 lands on the confirmation page (waitForURL needs page scripts, which are off).
    await page.waitForLoadState();
    expect(page.url()).toMatch(/\/commerce\/orders\/[\w-]+\?token=/);
    await expect(page.locator('body').getAttribute('data-page-type')).resolves.toBe('202');
    await keepFullPagePicture(page, 'order-confirmed-1280.png', { scriptsOff: true });
    expect(problems).toEqual([]);
    // axe runs as a page script: check the confirmation page in a browser with scripts on.
    const confirmation = page.url();
    await context.close();
    const checked = await visitor();
    await checked.page.goto(confirmation);
    await pageReady(checked.page);
    const axe = await new AxeBuilder({ page: checked.page }).analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);
    expect(checked.problems).toEqual([]);
    await checked.context.close();
  });
});
