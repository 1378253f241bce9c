/**
 * Site styles in Chromium: the accent colour set in the site file (with no button colour of its
 * own) is the buttons' colour on every page type, through the site's stylesheet; the chosen font
 * pairing's variable fonts are preloaded (two files at most) and load from this server.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newVisitor, useStore } from '../helpers/e2e-store.ts';
import { setSiteStyles } from '../helpers/site-styles.ts';

const ACCENT = '#0a7d32';
const ACCENT_RGB = 'rgb(10, 125, 50)';

const store = useStore({
  async prepare(harness) {
    await setSiteStyles(harness.database, {
      colors: { background: '#ffffff', text: '#1c1c1e', accent: ACCENT },
    });
  },
});

/** Every page type of the demo store, and its primary button for a new visitor, if any. */
const PAGES: readonly (readonly [string, string | null])[] = [
  ['/', '.home-newsletter .page-form-submit'],
  ['/shop', null],
  ['/shop/p/linen-shirt', '.product-add'],
  ['/shop/p/work-jacket', '.product-add'],
  ['/shop/p/wool-beanie', '.product-add'],
  ['/shop/p/monogram-handkerchief', '.product-add'],
  ['/shop/p/tea-of-the-month', '.product-add'],
  ['/shop/p/store-gift-card', '.product-gift-card'],
  ['/commerce/gift-card?itemId=store-gift-card', 'main .button-primary'],
  ['/contact', '.page-form-submit'],
  ['/gallery', null],
  ['/journal', null],
  ['/journal/caring-for-linen', null],
  ['/events/autumn-market', null],
  ['/search?q=linen', null],
  ['/no-such-page', null],
  ['/trade', null],
  ['/members', null],
  ['/cart', null],
  ['/checkout', null],
  ['/account/login', 'main .button-primary'],
  ['/account/create', 'main .button-primary'],
  ['/account/forgot-password', 'main .button-primary'],
  ['/newsletter/unsubscribe?token=none', null],
];

/** The page's --button resolved to a colour, and every visible primary button's background. */
async function buttonColours(page: Page) {
  return page.evaluate(() => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--button)';
    document.body.append(probe);
    const resolved = getComputedStyle(probe).color;
    probe.remove();
    const primaries = [...document.querySelectorAll<HTMLElement>('.button-primary')]
      // The hero's button sits on its picture, in the picture's contrast colours.
      .filter((element) => element.offsetParent !== null && element.closest('.home-hero') === null)
      .map((element) => getComputedStyle(element).backgroundColor);
    return { resolved, primaries };
  });
}

describe('the accent colour from the site file', () => {
  it.each(PAGES)('%s: the buttons take it', async (path, primarySelector) => {
    const { context, page, problems } = await newVisitor(store.browser);
    await page.goto(`${store.origin}${path}`);
    const { resolved, primaries } = await buttonColours(page);
    expect(resolved, `${path}: --button`).toBe(ACCENT_RGB);
    for (const colour of primaries) expect(colour, path).toBe(ACCENT_RGB);
    if (primarySelector !== null) {
      const primary = page.locator(primarySelector).first();
      await expect(
        primary.evaluate((element) => getComputedStyle(element).backgroundColor),
      ).resolves.toBe(ACCENT_RGB);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the cart and checkout holding an item: Checkout and Place order take it', async () => {
    const { context, page, problems } = await newVisitor(store.browser);
    await page.goto(`${store.origin}/shop`);
    const crumb = (await context.cookies()).find((cookie) => cookie.name === 'crumb')?.value;
    const added = await page.request.post(`${store.origin}/api/commerce/shopping-cart/entries`, {
      data: { itemId: 'linen-shirt', sku: 'LS-SAND-M', quantity: 1 },
      headers: { 'x-csrf-token': crumb ?? '' },
    });
    expect(added.status()).toBeLessThan(300);
    for (const [path, button] of [
      ['/cart', page.getByRole('link', { name: 'Checkout', exact: true })],
      ['/checkout', page.getByRole('button', { name: 'Place order' })],
    ] as const) {
      await page.goto(`${store.origin}${path}`);
      await expect(
        button.evaluate((element) => getComputedStyle(element).backgroundColor),
      ).resolves.toBe(ACCENT_RGB);
      const { primaries } = await buttonColours(page);
      for (const colour of primaries) expect(colour, path).toBe(ACCENT_RGB);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the font pairing', () => {
  it('preloads at most two self-hosted font files, and the headings use them', async () => {
    const { context, page, problems } = await newVisitor(store.browser);
    const fonts: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/theme-fonts/')) fonts.push(`${response.status()}`);
    });
    await page.goto(`${store.origin}/`);
    const preloads = await page
      .locator('link[rel="preload"][as="font"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    expect(preloads.length).toBeGreaterThan(0);
    expect(preloads.length).toBeLessThanOrEqual(2);
    for (const href of preloads) expect(href).toMatch(/^\/theme-fonts\/\w+\/[\w-]+\.woff2$/);
    await page.evaluate(() => document.fonts.ready);
    await expect(
      page.evaluate(() => document.fonts.check('700 2rem Fraunces', 'Made slowly')),
    ).resolves.toBe(true);
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.every((status) => status === '200')).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});
