/**
 * The page types a shopper only reaches with something in hand, in Chromium at 390 and 1280 px,
 * in the demo's light site styles and then in dark ones: product pages with option pills, a
 * subscription and a gift card; the cart and checkout holding items; the order confirmation;
 * the account page with its order history and the account's order page. Each width passes axe
 * and, under `npm run screenshots`, is kept in test-results/screenshots/ beside the other page
 * types (`<page>-<width>.png`, `dark-<page>-<width>.png`;
 * docs/behaviour/storefront-pages.md#theme-site-styles-and-search-engines).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/server/db/index.ts';
import {
  addDemoSiteUser,
  DEMO_SITE_USER,
} from '../../src/server/modules/site-users/demo-account.ts';
import { fillAddress } from '../helpers/checkout-form.ts';
import { newVisitor, useStore } from '../helpers/e2e-store.ts';
import { keepFullPagePicture } from '../helpers/full-page-pictures.ts';
import { pageReady } from '../helpers/page-ready.ts';
import { setSiteStyles } from '../helpers/site-styles.ts';
const WIDTHS = [390, 1280] as const;
const DARK = {
  background: '#161513',
  text: '#f3efe8',
  accent: '#f0b48a',
  button: '#f3efe8',
  buttonText: '#161513',
};

const store = useStore({
  // The dark styles are set in the database behind the server's back; a short cache lifetime
  // lets pages carry them within a moment (the lifetime itself: site-pages.int.test.ts).
  env: { SITE_CACHE_TTL_MS: '250' },
  async prepare(harness) {
    const [site] = await harness.database.db.select().from(schema.sites);
    if (!site) throw new Error('the demo site is missing');
    await addDemoSiteUser(harness.database, site.id);
  },
});

/** Product pages whose layout differs from the plain shirt's, by name. */
const PRODUCTS = [
  ['product-pills', '/shop/p/wool-beanie'],
  ['product-subscription', '/shop/p/tea-of-the-month'],
  ['product-gift-card', '/shop/p/store-gift-card'],
  ['product-sale', '/shop/p/linen-napkins'],
] as const;

/** Axe's findings on `url` at both widths, each kept as `<prefix><name>-<width>.png` on request. */
async function capture(page: Page, url: string, name: string, prefix: string): Promise<string[]> {
  const violations: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(url.startsWith('http') ? url : `${store.origin}${url}`);
    await pageReady(page);
    await keepFullPagePicture(page, `${prefix}${name}-${width}.png`);
    const results = await new AxeBuilder({ page }).analyze();
    for (const violation of results.violations)
      violations.push(`${name} ${width}px ${violation.id}: ${violation.help}`);
  }
  return violations;
}

async function logIn(page: Page): Promise<void> {
  await page.goto(`${store.origin}/account/login`);
  await page.locator('main').getByLabel('Email').fill(DEMO_SITE_USER.email);
  await page.locator('main').getByLabel('Password').fill(DEMO_SITE_USER.password);
  await page.locator('main button[type="submit"]').click();
  await page.waitForURL(`${store.origin}/account`);
}

/** Two lines in the cart: the shirt with its two options, and a notebook. */
async function fillCart(page: Page): Promise<void> {
  const crumb = (await page.context().cookies()).find((cookie) => cookie.name === 'crumb')?.value;
  for (const entry of [
    { itemId: 'linen-shirt', sku: 'LS-INDIGO-M', quantity: 2 },
    { itemId: 'field-notebook', sku: 'FN-DOT-48', quantity: 1 },
  ]) {
    const response = await page.request.post(`${store.origin}/api/commerce/shopping-cart/entries`, {
      data: entry,
      headers: { 'x-csrf-token': crumb ?? '' },
    });
    expect(response.status(), entry.sku).toBeLessThan(300);
  }
}

/** Every stateful page type, pictures named with `prefix`; the confirmation's address is reused. */
async function captureAll(page: Page, prefix: string, confirmation?: string) {
  const violations: string[] = [];
  for (const [name, url] of PRODUCTS) violations.push(...(await capture(page, url, name, prefix)));
  await fillCart(page);
  violations.push(...(await capture(page, '/cart', 'cart-with-items', prefix)));
  violations.push(...(await capture(page, '/checkout', 'checkout-with-items', prefix)));
  let confirmed = confirmation;
  if (confirmed === undefined) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${store.origin}/checkout`);
    await page
      .locator('vitrine-island[data-hydrated="true"]')
      .first()
      .waitFor({ state: 'attached' });
    await page.getByLabel('Email').fill(DEMO_SITE_USER.email);
    await fillAddress(page, 'NY');
    const success = page.getByRole('radio', { name: 'Success' });
    if ((await success.count()) > 0) await success.check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/commerce\/orders\/[\w-]+\?token=/);
    confirmed = page.url();
  }
  violations.push(...(await capture(page, confirmed, 'order-confirmed', prefix)));
  violations.push(...(await capture(page, '/account', 'account-orders', prefix)));
  const order = await page.locator('.account-orders a').first().getAttribute('href');
  if (order === null) throw new Error('the account page lists no order');
  violations.push(...(await capture(page, order, 'account-order', prefix)));
  return { violations, confirmed };
}

describe('stateful page types in light and dark site styles', () => {
  it('product variants, cart, checkout, confirmation and account pages: axe clean', async () => {
    const { context, page, problems } = await newVisitor(store.browser);
    await logIn(page);
    const light = await captureAll(page, '');
    expect(light.violations).toEqual([]);

    await setSiteStyles(store.harness.database, { colors: DARK });
    // The server trusts its cached site for a moment: wait until pages carry the dark styles.
    await expect
      .poll(
        async () => {
          await page.goto(`${store.origin}/cart`);
          return page.evaluate(() =>
            getComputedStyle(document.documentElement).getPropertyValue('--paper').trim(),
          );
        },
        { timeout: 60_000, interval: 250 },
      )
      .toBe(DARK.background);
    const dark = await captureAll(page, 'dark-', light.confirmed);
    expect(dark.violations).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 1_200_000);
});
