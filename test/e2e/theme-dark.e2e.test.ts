/**
 * Dark site styles in Chromium: every page type of the demo store with a dark background and
 * light text set in the site file passes axe at 390 and 1280 px (under `npm run screenshots`,
 * pictures kept beside the light ones in test-results/screenshots/, named dark-*), the ALTCHA
 * checkbox is visible and keyboard-operable, and the pay-later pill turns white.
 */
import AxeBuilder from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { expectVisibleKeyboardAltcha } from '../helpers/altcha-check.ts';
import { newVisitor, useStore } from '../helpers/e2e-store.ts';
import { keepFullPagePicture } from '../helpers/full-page-pictures.ts';
import { pageReady } from '../helpers/page-ready.ts';
import { setSiteStyles } from '../helpers/site-styles.ts';

const store = useStore({
  async prepare(harness) {
    await setSiteStyles(harness.database, {
      colors: {
        background: '#161513',
        text: '#f3efe8',
        accent: '#f0b48a',
        button: '#f3efe8',
        buttonText: '#161513',
      },
    });
  },
});

const PAGES: readonly (readonly [string, string])[] = [
  ['home', '/'],
  ['shop', '/shop'],
  ['product', '/shop/p/linen-shirt'],
  ['page-with-form', '/contact'],
  ['blog', '/journal'],
  ['post', '/journal/caring-for-linen'],
  ['search', '/search?q=linen'],
  ['not-found', '/no-such-page'],
  ['cart', '/cart'],
  ['checkout', '/checkout'],
  ['login', '/account/login'],
  ['product-three-options', '/shop/p/work-jacket'],
  ['product-extra-fields', '/shop/p/monogram-handkerchief'],
  ['event', '/events/autumn-market'],
  ['gallery', '/gallery'],
  ['protected', '/trade'],
  ['members-only', '/members'],
  ['gift-card', '/commerce/gift-card?itemId=store-gift-card'],
  ['create-account', '/account/create'],
  ['forgot-password', '/account/forgot-password'],
  ['newsletter-unsubscribe', '/newsletter/unsubscribe?token=none'],
];

describe('dark site styles', () => {
  it.each(PAGES)(
    '%s (%s): axe clean at 390 and 1280 px',
    async (name, url) => {
      const { context, page, problems } = await newVisitor(store.browser);
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${store.origin}${url}`);
        await pageReady(page);
        await keepFullPagePicture(page, `dark-${name}-${width}.png`);
        const results = await new AxeBuilder({ page }).analyze();
        expect(
          results.violations.map((violation) => `${width}px ${violation.id}: ${violation.help}`),
        ).toEqual([]);
      }
      expect(problems).toEqual([]);
      await context.close();
    },
    180_000,
  );

  it.each([390, 1280])(
    'shows a visible, keyboard-operable ALTCHA checkbox at %i px',
    async (width) => {
      const { context, page, problems } = await newVisitor(store.browser);
      await page.setViewportSize({ width, height: 900 });
      await expectVisibleKeyboardAltcha(page, store.origin);
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  it('turns the pay-later pill white', async () => {
    const { context, page } = await newVisitor(store.browser);
    await page.goto(`${store.origin}/shop/p/linen-shirt`);
    await page.waitForSelector(
      'vitrine-island[data-island="PayLaterTeaser"][data-hydrated="true"]',
      {
        state: 'attached',
      },
    );
    await page.locator('.pay-later-provider-white').waitFor();
    await context.close();
  });
});
