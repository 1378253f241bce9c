/**
 * The default theme's header between the phone and the wide desktop, in Chromium: at 1000, 1100
 * and 1280 px, logged out and logged in, with the demo's content width and a narrow one set in
 * the site styles, the bar is one line and every navigation link can be reached — either all of
 * them show whole in the bar, or the bar shows the menu button and the menu it opens lists
 * them all. No link is ever cut off or dropped without the menu button there instead.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { schema } from '../../src/server/db/index.ts';
import {
  addDemoSiteUser,
  DEMO_SITE_USER,
} from '../../src/server/modules/site-users/demo-account.ts';
import { newVisitor, useStore } from '../helpers/e2e-store.ts';
import { setSiteStyles } from '../helpers/site-styles.ts';

/** The demo's navigation, in its order. */
const LINKS = ['Shop', 'Journal', 'Events', 'Contact', 'Gallery', 'Trade prices', 'Members'];
const WIDTHS = [1000, 1100, 1280];
const HYDRATED_USER = 'vitrine-island[data-island="SiteUserControls"][data-hydrated="true"]';

const store = useStore({
  // Every request reads the site again, so a change of site styles between tests shows at once.
  env: { SITE_CACHE_TTL_MS: '0' },
  async prepare(harness) {
    const [site] = await harness.database.db.select().from(schema.sites);
    if (!site) throw new Error('the demo site is missing');
    await addDemoSiteUser(harness.database, site.id);
  },
});

/** Sets the site styles' content width in the site file's settings. */
async function setContentWidth(width: number): Promise<void> {
  await setSiteStyles(store.harness.database, { contentWidth: width });
}

interface BarState {
  /** The vertical centres of the bar's visible items. */
  readonly centres: number[];
  /** The bar's links a shopper sees whole and can click: inside the bar, on top, not hidden. */
  readonly wholeLinks: string[];
  readonly contentWidth: string;
}

async function barState(page: Page): Promise<BarState> {
  return page.evaluate(() => {
    const bar = document.querySelector('.site-header-bar');
    const nav = document.querySelector('.site-nav');
    if (!bar || !nav) throw new Error('no header bar');
    const visible = (element: Element) =>
      element.checkVisibility({ visibilityProperty: true }) &&
      element.getBoundingClientRect().width > 0;
    const centres = [
      ...bar.querySelectorAll('.site-menu-button, .site-title, .site-nav li, .site-tools > *'),
    ]
      .filter(visible)
      .map((element) => {
        const box = element.getBoundingClientRect();
        return Math.round(box.top + box.height / 2);
      });
    const navBox = nav.getBoundingClientRect();
    const wholeLinks = [...nav.querySelectorAll('a')]
      .filter((link) => {
        if (!visible(link)) return false;
        const box = link.getBoundingClientRect();
        const inside = box.left >= navBox.left - 0.5 && box.right <= navBox.right + 0.5;
        const onTop = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return inside && onTop !== null && link.contains(onTop);
      })
      .map((link) => link.textContent.trim());
    return {
      centres,
      wholeLinks,
      contentWidth: getComputedStyle(document.documentElement).getPropertyValue('--content-width'),
    };
  });
}

/** Checks the header at each width and says which widths used the menu. */
async function checkWidths(page: Page, contentWidth: number, view: string): Promise<number[]> {
  const usedMenu: number[] = [];
  for (const width of WIDTHS) {
    const at = `${view} at ${width} px, content width ${contentWidth}`;
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${store.origin}/shop`);
    await page.waitForSelector(HYDRATED_USER, { state: 'attached' });
    const state = await barState(page);
    expect(state.contentWidth, at).toBe(`${contentWidth}px`);
    expect(state.centres.length, at).toBeGreaterThanOrEqual(4);
    expect(Math.max(...state.centres) - Math.min(...state.centres), at).toBeLessThanOrEqual(4);
    const button = page.getByRole('button', { name: 'Menu', exact: true });
    if (state.wholeLinks.length === LINKS.length) {
      expect(state.wholeLinks, at).toEqual(LINKS);
      await expect(button.isVisible(), at).resolves.toBe(false);
      continue;
    }
    // Not all fit: none shows cut off, and the menu button opens them all.
    expect(state.wholeLinks, at).toEqual([]);
    await expect(page.locator('.site-nav').isVisible(), at).resolves.toBe(false);
    await button.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    for (const name of LINKS)
      await expect(menu.getByRole('link', { name, exact: true }).isVisible(), at).resolves.toBe(
        true,
      );
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    usedMenu.push(width);
  }
  return usedMenu;
}

async function logIn(page: Page): Promise<void> {
  await page.goto(`${store.origin}/account/login`);
  await page.locator('main').getByLabel('Email').fill(DEMO_SITE_USER.email);
  await page.locator('main').getByLabel('Password').fill(DEMO_SITE_USER.password);
  await page.locator('main button[type="submit"]').click();
  await page.waitForURL(`${store.origin}/account`);
}

describe('the header from 1000 to 1280 px', () => {
  it("reaches every link with the demo's content width, logged out and logged in", async () => {
    const { context, page, problems } = await newVisitor(store.browser);
    const loggedOut = await checkWidths(page, 1200, 'logged out');
    await logIn(page);
    const loggedIn = await checkWidths(page, 1200, 'logged in');
    // At 1280 px the demo's links show in the bar either way; at 1000 px a logged-in shopper's
    // account links leave them too little room, so the menu takes them.
    expect(loggedOut).not.toContain(1280);
    expect(loggedIn).not.toContain(1280);
    expect(loggedIn).toContain(1000);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('reaches every link with a narrow content width from the site styles', async () => {
    await setContentWidth(800);
    try {
      const { context, page, problems } = await newVisitor(store.browser);
      const loggedOut = await checkWidths(page, 800, 'logged out');
      await logIn(page);
      const loggedIn = await checkWidths(page, 800, 'logged in');
      // An 800 px bar has no room for the links beside the tools at any window width.
      expect(loggedOut).toEqual(WIDTHS);
      expect(loggedIn).toEqual(WIDTHS);
      expect(problems).toEqual([]);
      await context.close();
    } finally {
      await setContentWidth(1200);
    }
  });
});
