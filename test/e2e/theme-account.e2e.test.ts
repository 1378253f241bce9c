/**
 * The account pages in the theme's style, in Chromium: logging in from /account/login leads to
 * the account page; both are one card centred in the page at 390 and 1280 px, its field and
 * button across the card, axe clean; under `npm run screenshots`, pictures kept beside the others
 * (account-*).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/server/db/index.ts';
import {
  addDemoSiteUser,
  DEMO_SITE_USER,
} from '../../src/server/modules/site-users/demo-account.ts';
import { newVisitor, useStore } from '../helpers/e2e-store.ts';
import { keepFullPagePicture } from '../helpers/full-page-pictures.ts';

const store = useStore({
  async prepare(harness) {
    const [site] = await harness.database.db.select().from(schema.sites);
    if (!site) throw new Error('the demo site is missing');
    await addDemoSiteUser(harness.database, site.id);
  },
});

/** The card's gaps to the page's main area on each side, and its submit button's width in it. */
async function cardLayout(page: Page, card: string) {
  return page.locator(`main ${card}`).evaluate((element) => {
    const box = element.getBoundingClientRect();
    const main = element.closest('main')?.getBoundingClientRect();
    const button = element.querySelector('button[type="submit"]')?.getBoundingClientRect();
    const inner = box.width - 2 * parseFloat(getComputedStyle(element).paddingLeft);
    return {
      left: box.left - (main?.left ?? 0),
      right: (main?.right ?? 0) - box.right,
      width: box.width,
      buttonShare: (button?.width ?? 0) / inner,
      borderWidth: parseFloat(getComputedStyle(element).borderTopWidth),
    };
  });
}

describe('account pages', () => {
  it('log in and the account page: a centred card at 390 and 1280 px, axe clean', async () => {
    const { context, page, problems } = await newVisitor(store.browser);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${store.origin}/account/login`);
      const login = await cardLayout(page, '.account-form');
      expect(Math.abs(login.left - login.right), `${width}px`).toBeLessThanOrEqual(2);
      expect(login.width).toBeLessThanOrEqual(27 * 16 + 1);
      expect(login.borderWidth).toBeGreaterThanOrEqual(1);
      expect(login.buttonShare).toBeGreaterThan(0.98);
    }
    await page.locator('main').getByLabel('Email').fill(DEMO_SITE_USER.email);
    await page.locator('main').getByLabel('Password').fill(DEMO_SITE_USER.password);
    await page.locator('main button[type="submit"]').click();
    await page.waitForURL(`${store.origin}/account`);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${store.origin}/account`);
      await expect(page.locator('main').getByText(DEMO_SITE_USER.email).isVisible()).resolves.toBe(
        true,
      );
      const account = await cardLayout(page, '.account-home');
      expect(Math.abs(account.left - account.right), `${width}px`).toBeLessThanOrEqual(2);
      expect(account.buttonShare).toBeGreaterThan(0.98);
      await keepFullPagePicture(page, `account-${width}.png`);
      const results = await new AxeBuilder({ page }).analyze();
      expect(
        results.violations.map((violation) => `${width}px ${violation.id}: ${violation.help}`),
      ).toEqual([]);
    }
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);
});
