/**
 * The site-wide shopper widgets in Chromium (docs/behaviour/cart.md#cart-widgets): the cart store in step
 * across two tabs of one browser (pill and template-cart), no pill on the cart page, the
 * pay-later teaser at, below and above the provider's limits and its popup by keyboard alone,
 * reviews paging past 10 and the top-up from other products, and site-user login then logout
 * with the crumbFail retry (the server really answers crumbFail: the stored token is stale).
 */
import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/server/db/index.ts';
import { useStore } from '../helpers/e2e-store.ts';
import {
  addDemoSiteUser,
  DEMO_SITE_USER,
} from '../../src/server/modules/site-users/demo-account.ts';

/**
 * Pay-later limits chosen against the demo's prices: the Wool Beanie costs the minimum ($28),
 * the Market Tote the maximum ($32), the Field Notebook less ($18), the Linen Shirt more (from
 * $54).
 */
const PAY_LATER = { stripeAccountCountry: 'US', minCents: 2800, maxCents: 3200 };

const store = useStore({
  async prepare(harness) {
    const { db } = harness.database;
    const [site] = await db.select().from(schema.sites);
    if (!site) throw new Error('the demo site is missing');
    await db
      .update(schema.sites)
      .set({ settings: { ...site.settings, payLater: PAY_LATER } })
      .where(eq(schema.sites.id, site.id));
    await addDemoSiteUser(harness.database, site.id);
  },
});

/** A fresh browser (one context: its tabs share cookies and the BroadcastChannel). */
async function shopper(): Promise<{
  context: BrowserContext;
  problems: string[];
  tab: () => Promise<Page>;
}> {
  const context = await store.browser.newContext();
  const problems: string[] = [];
  return {
    context,
    problems,
    tab: async () => {
      const page = await context.newPage();
      page.on('pageerror', (error) => problems.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
          problems.push(message.text());
      });
      return page;
    },
  };
}

async function hydrated(page: Page, island: string): Promise<void> {
  await page.waitForSelector(`vitrine-island[data-island="${island}"][data-hydrated="true"]`, {
    state: 'attached',
  });
}

describe('the cart store across tabs', () => {
  it('adds in one tab; the pill and the template-cart count update in the second tab', async () => {
    const { context, problems, tab } = await shopper();
    const first = await tab();
    const second = await tab();
    await second.goto(`${store.origin}/journal`);
    await hydrated(second, 'CartPill');
    await hydrated(second, 'CartCount');
    expect(await second.locator('a.cart-pill').getAttribute('class')).toBe('cart-pill');
    expect(await second.locator('.template-cart-count').textContent()).toBe('0');

    await first.goto(`${store.origin}/shop/p/field-notebook`);
    await hydrated(first, 'ProductForm');
    await first.click('button.product-add');
    await first.waitForFunction(
      () => document.querySelector('.template-cart-count')?.textContent === '1',
    );
    // The other tab follows through the BroadcastChannel within a second.
    await second.waitForFunction(
      () =>
        document.querySelector('.template-cart-count')?.textContent === '1' &&
        document.querySelector('a.cart-pill')?.classList.contains('cart-pill-shown') === true,
      undefined,
      { timeout: 1000 },
    );
    expect(await second.locator('.template-cart-subtotal').textContent()).toBe('Subtotal $18.00');
    expect(await second.locator('a.cart-pill').getAttribute('href')).toBe('/cart');
    // Shown with the 0.25 s scale animation.
    expect(
      await second
        .locator('a.cart-pill')
        .evaluate((pill) => [
          getComputedStyle(pill).transitionProperty,
          getComputedStyle(pill).transitionDuration,
        ]),
    ).toEqual(['transform', '0.25s']);
    expect(await second.locator('a.cart-pill').textContent()).toContain('1 item in cart');

    // A fresh page load fetches the cart (the marker cookie says one exists).
    const third = await tab();
    await third.goto(`${store.origin}/`);
    await third.waitForFunction(
      () => document.querySelector('.cart-pill')?.classList.contains('cart-pill-shown') === true,
    );

    // No pill on the cart page, though the cart holds something.
    await third.goto(`${store.origin}/cart`);
    await hydrated(third, 'CartCount');
    expect(await third.locator('[data-full-page-cart]').count()).toBe(1);
    expect(await third.locator('.cart-pill').count()).toBe(0);
    expect(await third.locator('.template-cart-count').textContent()).toBe('1');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the pay-later teaser', () => {
  it.each([
    ['wool-beanie', 'at the minimum', 'available for orders over $28.00'],
    ['field-notebook', 'below the minimum', 'available for orders over $28.00'],
    ['market-tote', 'at the maximum', '4 interest-free payments of $8.00'],
    ['linen-shirt', 'above the maximum', 'available for orders up to $32.00'],
  ])('%s (%s): "%s"', async (product, _where, message) => {
    const { context, problems, tab } = await shopper();
    const page = await tab();
    await page.goto(`${store.origin}/shop/p/${product}`);
    await hydrated(page, 'PayLaterTeaser');
    expect(await page.locator('.pay-later-message').textContent()).toBe(message);
    expect(await page.locator('.pay-later-by').textContent()).toMatch(/^Installments by Afterpay/);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('is not offered for a digital product', async () => {
    const { context, tab } = await shopper();
    const page = await tab();
    await page.goto(`${store.origin}/shop/p/shirt-pattern`);
    expect(await page.locator('.pay-later').count()).toBe(0);
    await context.close();
  });

  it('opens and closes its information popup by keyboard alone, focus returning', async () => {
    const { context, problems, tab } = await shopper();
    const page = await tab();
    await page.goto(`${store.origin}/shop/p/market-tote`);
    await hydrated(page, 'PayLaterTeaser');
    const opener = page.getByRole('button', { name: /Afterpay\s+More information/ });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Afterpay information popup' });
    await dialog.waitFor();
    // The local copy of the provider's content, served by the server (offline-safe).
    await page.waitForSelector('.pay-later-content .pay-later-modal');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Close Popup',
    );
    // Focus stays inside while it is open.
    for (let press = 0; press < 4; press += 1) {
      await page.keyboard.press(press % 2 === 0 ? 'Tab' : 'Shift+Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(
        true,
      );
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);

    // Space opens it again; Enter on 'Close Popup' closes it.
    await page.keyboard.press('Space');
    await dialog.waitFor();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('reviews', () => {
  async function openReviews(page: Page, product: string): Promise<void> {
    await page.goto(`${store.origin}/shop/p/${product}`);
    await page.locator('#reviews').scrollIntoViewIfNeeded();
    await hydrated(page, 'ProductReviews');
  }
  const reviewCount = (page: Page) => page.locator('li.review').count();
  const seeMore = (page: Page) => page.getByRole('button', { name: 'See More Reviews' });

  it("pages past 10 of the product's own, then other products', until nothing remains", async () => {
    const { context, problems, tab } = await shopper();
    const page = await tab();
    await openReviews(page, 'linen-shirt');
    expect(await page.locator('#reviews-heading').textContent()).toBe('12 Store Reviews');
    // The summary after the title: half stars out of 5 and the count.
    expect(
      await page.locator('.product-title + vitrine-island .review-summary').textContent(),
    ).toMatch(/Rated 4\.5 out of 5,\s+12 Store Reviews/);
    expect(await page.locator('.review-summary .star').count()).toBe(5);
    expect(await page.locator('.review-summary .star-half').count()).toBe(1);
    expect(await reviewCount(page)).toBe(10);
    expect(await page.locator('li.review .review-product').count()).toBe(0);
    await seeMore(page).click();
    // 2 more of the shirt's, then the 5 reviews of other products.
    await page.waitForFunction(() => document.querySelectorAll('li.review').length === 17);
    expect(await page.locator('li.review .review-product').count()).toBe(5);
    await seeMore(page).waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('tops up a product with fewer than 10 from other products', async () => {
    const { context, problems, tab } = await shopper();
    const page = await tab();
    await openReviews(page, 'field-notebook');
    expect(await page.locator('#reviews-heading').textContent()).toBe('2 Store Reviews');
    expect(await reviewCount(page)).toBe(10);
    expect(await page.locator('li.review .review-product').count()).toBe(8);
    await seeMore(page).click();
    await page.waitForFunction(() => document.querySelectorAll('li.review').length === 17);
    await seeMore(page).waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('site-user login and logout', () => {
  it('logs in keeping the guest cart, then logs out through one crumbFail retry', async () => {
    const { context, problems, tab } = await shopper();
    const page = await tab();
    await page.goto(`${store.origin}/`);
    await hydrated(page, 'SiteUserControls');
    // A guest cart of two notebooks, through the cart API as the product form does it.
    const status = await page.evaluate(async () => {
      const crumb = /(?:^|; )crumb=([^;]*)/.exec(document.cookie)?.[1] ?? '';
      const response = await fetch('/api/commerce/shopping-cart/entries', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-CSRF-Token': decodeURIComponent(crumb) },
        body: JSON.stringify({ itemId: 'field-notebook', sku: 'FN-DOT-48', quantity: 2 }),
      });
      return response.status;
    });
    expect(status).toBe(200);
    await page.reload();
    await hydrated(page, 'SiteUserControls');
    await page.waitForFunction(
      () => document.querySelector('.template-cart-count')?.textContent === '2',
    );

    await page.getByRole('button', { name: 'Log in' }).click();
    // The footer's newsletter sign-up has an Email field too: the header's login form is meant.
    const login = page.locator('.site-user-form');
    await login.getByLabel('Email').fill(DEMO_SITE_USER.email);
    await login.getByLabel('Password').fill(DEMO_SITE_USER.password);
    await login.locator('button[type="submit"]').click();
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    const token = await page.evaluate(() => sessionStorage.getItem('vitrine-xsrf-token'));
    expect(token).toMatch(/^[\w-]{20,}$/);
    // The guest cart survived the login.
    expect(await page.locator('.template-cart-count').textContent()).toBe('2');

    // A stale token: the server answers crumbFail once, the retry with the crumb succeeds.
    await page.evaluate(() => sessionStorage.setItem('vitrine-xsrf-token', 'stale-token'));
    const answers: { status: number; token: string | undefined }[] = [];
    page.on('response', (response) => {
      const request = response.request();
      if (request.method() !== 'DELETE') return;
      answers.push({ status: response.status(), token: request.headers()['x-csrf-token'] });
    });
    const crumbFail = page.waitForResponse(
      (response) => response.request().method() === 'DELETE' && response.status() === 403,
    );
    await page.getByRole('button', { name: 'Log out' }).click();
    expect(await (await crumbFail).json()).toMatchObject({ crumbFail: true });
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await expect.poll(() => answers.length).toBe(2);
    expect(answers[0]).toEqual({ status: 403, token: 'stale-token' });
    expect(answers[1]?.status).toBe(200);
    expect(answers[1]?.token).not.toBe('stale-token');
    expect(await page.evaluate(() => sessionStorage.getItem('vitrine-xsrf-token'))).toBeNull();
    expect(await page.locator('.template-cart-count').textContent()).toBe('0');
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'vitrine-user')).toBeUndefined();
    expect(problems.filter((problem) => !problem.includes('403'))).toEqual([]);
    await context.close();
  });
});
