/**
 * Site styles in Chromium: the accent colour set in the site file (with no button colour of its
 * own) is the buttons' colour on every page type, through the site's stylesheet; the chosen font
 * pairing's variable fonts are preloaded (two files at most) and load from this server.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/server/db/index.ts';
import { newVisitor, useStore } from '../helpers/e2e-store.ts';

const ACCENT = '#0a7d32';
const ACCENT_RGB = 'rgb(10, 125, 50)';

const store = useStore({
  async prepare(harness) {
    const { db } = harness.database;
    const [site] = await db.select().from(schema.sites);
    if (!site) throw new Error('the demo site is missing');
    const settings = site.settings as Record<string, unknown>;
    await db
      .update(schema.sites)
      .set({
        settings: {
          ...site.settings,
          siteStyles: {
            ...(settings.siteStyles as object),
            colors: { background: '#ffffff', text: '#1c1c1e', accent: ACCENT },
          },
        },
      })
      .where(eq(schema.sites.id, site.id));
  },
});

/** Every page type of the demo store, and its primary button for a new visitor, if any. */
const PAGES: readonly (readonly [string, string | null])[] = [
  ['/', '.home-newsletter .page-form-submit'],
  ['/shop', null],
  ['/shop/p/linen-shirt', '.product-add'],
  ['/shop/p/store-gift-card', '.product-gift-card'],
  ['/contact', '.page-form-submit'],
  ['/journal', null],
  ['/journal/caring-for-linen', null],
  ['/events/autumn-market', null],
  ['/search?q=linen', null],
  ['/no-such-page', null],
  ['/trade', null],
  ['/cart', null],
  ['/checkout', null],
  ['/account/login', 'main .button-primary'],
];

describe('the accent colour from the site file', () => {
  it.each(PAGES)('%s: the buttons take it', async (path, primarySelector) => {
    const { context, page, problems } = await newVisitor(store.browser);
    await page.goto(`${store.origin}${path}`);
    const button = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--button').trim(),
    );
    const resolved = await page.evaluate(() => {
      const probe = document.createElement('span');
      probe.style.color = 'var(--button)';
      document.body.append(probe);
      const color = getComputedStyle(probe).color;
      probe.remove();
      return color;
    });
    expect(button === ACCENT || resolved === ACCENT_RGB, `${path}: --button is ${button}`).toBe(
      true,
    );
    if (primarySelector !== null) {
      const primary = page.locator(primarySelector).first();
      await expect(
        primary.evaluate((element) => getComputedStyle(element).backgroundColor),
      ).resolves.toBe(ACCENT_RGB);
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
