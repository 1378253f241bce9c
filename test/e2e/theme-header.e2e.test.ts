/**
 * The default theme's header in Chromium: on a phone the navigation sits behind a menu button
 * (a modal dialog: focus stays inside, Escape closes it and focus returns to the button, and the
 * button's aria-expanded says whether it is open), and at
 * 1280 px the header is one row, every link whole, whether the shopper is logged in or not;
 * without the sticky setting it scrolls away with the page.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/server/db/index.ts';
import {
  addDemoSiteUser,
  DEMO_SITE_USER,
} from '../../src/server/modules/site-users/demo-account.ts';
import { newVisitor, useStore } from '../helpers/e2e-store.ts';

const store = useStore({
  async prepare(harness) {
    const [site] = await harness.database.db.select().from(schema.sites);
    if (!site) throw new Error('the demo site is missing');
    await addDemoSiteUser(harness.database, site.id);
  },
});

const HYDRATED_USER = 'vitrine-island[data-island="SiteUserControls"][data-hydrated="true"]';

/** Whether the focused element is inside the open menu dialog. */
const focusInMenu = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('dialog#site-menu[open]') !== null);

/** The vertical extent of every visible item in the header's bar. */
async function headerRows(page: Page): Promise<{ height: number; tops: number[] }> {
  return page.evaluate(() => {
    const bar = document.querySelector('.site-header-bar');
    if (!bar) throw new Error('no header bar');
    const tops = [...bar.querySelectorAll('.site-title, .site-nav li, .site-tools > *')]
      .map((element) => element.getBoundingClientRect())
      .filter((box) => box.width > 0)
      .map((box) => Math.round(box.top + box.height / 2));
    return { height: bar.getBoundingClientRect().height, tops };
  });
}

describe('the menu button on a phone', () => {
  it('opens the navigation in a dialog that keeps focus, and Escape closes it', async () => {
    const { context, page, problems } = await newVisitor(store.browser);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${store.origin}/`);
    await expect(page.locator('.site-nav').isVisible()).resolves.toBe(false);
    const button = page.getByRole('button', { name: 'Menu', exact: true });
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(button.getAttribute('aria-controls')).resolves.toBe('site-menu');
    await button.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
    await expect(menu.getByRole('link', { name: 'Journal' }).isVisible()).resolves.toBe(true);
    // Focus stays in the menu however far the shopper tabs, either way.
    for (let press = 0; press < 12; press += 1) {
      await page.keyboard.press(press < 8 ? 'Tab' : 'Shift+Tab');
      await expect(focusInMenu(page)).resolves.toBe(true);
    }
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
    await expect(button.evaluate((element) => element === document.activeElement)).resolves.toBe(
      true,
    );
    // The close button closes it too, and the button says so each time.
    await button.click();
    await menu.waitFor();
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
    await menu.getByRole('button', { name: 'Close menu' }).click();
    await menu.waitFor({ state: 'hidden' });
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
    // And a link in it goes where it says.
    await button.click();
    await menu.getByRole('link', { name: 'Journal' }).click();
    await page.waitForURL(`${store.origin}/journal`);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the header at 1280 px', () => {
  it('is one row, logged out and logged in', async () => {
    const { context, page, problems } = await newVisitor(store.browser);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${store.origin}/`);
    await page.waitForSelector(HYDRATED_USER, { state: 'attached' });
    await expect(page.getByRole('button', { name: 'Menu' }).isVisible()).resolves.toBe(false);
    const out = await headerRows(page);
    expect(out.tops.length).toBeGreaterThan(4);
    expect(Math.max(...out.tops) - Math.min(...out.tops)).toBeLessThanOrEqual(4);

    await page.getByRole('button', { name: 'Log in' }).click();
    const login = page.locator('.site-user-form');
    await login.getByLabel('Email').fill(DEMO_SITE_USER.email);
    await login.getByLabel('Password').fill(DEMO_SITE_USER.password);
    await page.locator('.site-user-form button[type="submit"]').click();
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    for (const view of ['after logging in', 'on the next page']) {
      const rows = await headerRows(page);
      // Every navigation link shows whole: none is cut off at the tools' edge.
      await expect(
        page.locator('.site-nav').evaluate((nav) => nav.scrollWidth - nav.clientWidth),
        view,
      ).resolves.toBeLessThanOrEqual(0);
      expect(Math.max(...rows.tops) - Math.min(...rows.tops), view).toBeLessThanOrEqual(4);
      expect(rows.height, view).toBeLessThanOrEqual(out.height);
      await page.goto(`${store.origin}/shop`);
      await page.waitForSelector(HYDRATED_USER, { state: 'attached' });
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the header without a sticky setting', () => {
  it('scrolls away with the page (the demo leaves stickyHeader off)', async () => {
    const { context, page, problems } = await newVisitor(store.browser);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${store.origin}/shop`);
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    const header = await page.locator('.site-header').boundingBox();
    expect((header?.y ?? 0) + (header?.height ?? 0)).toBeLessThan(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the header on a phone, logged in', () => {
  it("shows the site's name whole beside the account link and the cart", async () => {
    const { context, page, problems } = await newVisitor(store.browser);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${store.origin}/account/login`);
    await page.locator('main').getByLabel('Email').fill(DEMO_SITE_USER.email);
    await page.locator('main').getByLabel('Password').fill(DEMO_SITE_USER.password);
    await page.locator('main button[type="submit"]').click();
    await page.waitForURL(`${store.origin}/account`);
    await page.goto(`${store.origin}/shop`);
    await page.waitForSelector(HYDRATED_USER, { state: 'attached' });
    await expect(page.locator('.site-account').isVisible()).resolves.toBe(true);
    await expect(
      page.locator('.site-title').evaluate((title) => title.scrollWidth - title.clientWidth),
    ).resolves.toBeLessThanOrEqual(0);
    const rows = await headerRows(page);
    expect(Math.max(...rows.tops) - Math.min(...rows.tops)).toBeLessThanOrEqual(4);
    expect(problems).toEqual([]);
    await context.close();
  });
});
