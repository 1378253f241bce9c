/**
 * The site-wide lock screen (page type 103) in Chromium: the demo store with a site password
 * shows the lock in front of every page, accessible and free of console errors; a shopper using
 * only the keyboard gets the wrong-password message on the field, then the page they asked for.
 * The same unlock works with JavaScript off.
 */
import AxeBuilder from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { DEMO_SITE_FILE, demoImport, readSiteFile } from '../../src/server/main.ts';
import { importSite } from '../../src/server/modules/site-import/index.ts';
import { WRONG_PASSWORD_MESSAGE } from '../../src/server/modules/content/access-routes.ts';
import { newVisitor, useStore } from '../helpers/e2e-store.ts';

const SITE_PASSWORD = 'open sesame';
const PRODUCT_URL = '/shop/p/linen-shirt';

const store = useStore({
  importDemo: false,
  async prepare(harness) {
    // The demo as JSON, with a site password added; the import validates it.
    const file = (await readSiteFile(DEMO_SITE_FILE)) as {
      website: { settings?: Record<string, unknown> };
    };
    file.website.settings = { ...file.website.settings, sitePassword: SITE_PASSWORD };
    await importSite(harness.database, file, demoImport(harness.config.dataDir));
  },
});

const lockedPage = (javaScriptEnabled: boolean) => newVisitor(store.browser, { javaScriptEnabled });

describe('the site-wide lock screen', () => {
  it('stands in front of every page: 401, page type 103, axe clean, no console errors', async () => {
    const { page, problems } = await lockedPage(true);
    for (const url of ['/', PRODUCT_URL, '/journal', '/no-such-page']) {
      const response = await page.goto(store.origin + url);
      expect(response?.status(), url).toBe(401);
      expect(await page.locator('body').getAttribute('data-page-type'), url).toBe('103');
      expect(await page.getByRole('heading', { level: 1 }).textContent(), url).toMatch(
        /is protected$/,
      );
      expect(await page.content(), url).not.toContain('Linen Shirt');
    }
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('unlocks with the keyboard only: the wrong password is announced on the field, the right one opens the page asked for', async () => {
    const { page, problems } = await lockedPage(true);
    await page.goto(store.origin + PRODUCT_URL);
    await page.keyboard.press('Tab');
    // Focus moves through the page to the password field.
    for (let i = 0; i < 20; i += 1) {
      if ((await page.evaluate(() => document.activeElement?.id)) === 'lock-password') break;
      await page.keyboard.press('Tab');
    }
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('lock-password');
    await page.keyboard.type('not the password');
    await page.keyboard.press('Enter');
    await page.waitForLoadState();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(WRONG_PASSWORD_MESSAGE);
    const field = page.getByLabel('Password');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await field.getAttribute('aria-describedby')).toBe('lock-error');

    await field.fill(SITE_PASSWORD);
    await Promise.all([page.waitForURL(store.origin + PRODUCT_URL), field.press('Enter')]);
    expect(await page.locator('body').getAttribute('data-page-type')).toBe('50');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Linen Shirt');
    // The session stays unlocked for the rest of the site.
    const home = await page.goto(store.origin + '/journal');
    expect(home?.status()).toBe(200);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('unlocks the same way with JavaScript off', async () => {
    const { page } = await lockedPage(false);
    await page.goto(store.origin + PRODUCT_URL);
    await page.getByLabel('Password').fill(SITE_PASSWORD);
    await Promise.all([
      page.waitForURL(store.origin + PRODUCT_URL),
      page.getByRole('button', { name: 'Unlock' }).click(),
    ]);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Linen Shirt');
    await page.context().close();
  });
});
