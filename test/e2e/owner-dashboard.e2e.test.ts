/**
 * The owner dashboard at /config in Chromium (issue #22): the demo editor logs in and finds no
 * Orders link and a permission state at /config/orders; the demo owner sees visits on the
 * Dashboard after browsing the store; a variant's stock set to 0 shows 'Sold Out' on the product
 * page, and back to 5 lets the owner send the restock emails. Every page passes axe at 390 px
 * (menu button) and 1280 px; at 390 px the owner's email is whole and the Dashboard chart's labels
 * keep a readable size.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { schema } from '../../src/server/db/index.ts';
import { addDemoOwners, DEMO_OWNER_PASSWORD } from '../../src/server/modules/owners/index.ts';
import { CLIENT_DIST_DIR } from '../../src/server/render/client-assets.ts';
import { newVisitor, useStore } from '../helpers/e2e-store.ts';

const store = useStore({
  prepare: async (harness) => {
    await addDemoOwners(harness.database);
    // The journey sends restock emails with the button; by default a stock edit sends them itself.
    await harness.database.db.update(schema.sites).set({
      settings: sql`${schema.sites.settings} || jsonb_build_object('storeSettings', coalesce(${schema.sites.settings} -> 'storeSettings', '{}'::jsonb) || '{"restockAutoSend": false}'::jsonb)`,
    });
  },
});

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

async function logIn(page: Page, email: string, password = DEMO_OWNER_PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** The owner's login, made once and handed to the views whose test is not about logging in. */
let ownerLogin: Promise<BrowserContextOptions['storageState']> | undefined;

async function ownerVisitor(viewport: { width: number; height: number }) {
  ownerLogin ??= (async () => {
    const { context, page } = await newVisitor(store.browser, { viewport: DESKTOP });
    await page.goto(`${store.origin}/config`);
    await logIn(page, 'owner@example.com');
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Orders' })
      .waitFor();
    const state = await context.storageState();
    await context.close();
    return state;
  })();
  return newVisitor(store.browser, { viewport, storageState: await ownerLogin });
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

describe('the owner dashboard', () => {
  it('refuses wrong credentials with the login message and logs the editor in without Orders', async () => {
    const { context, page, problems } = await newVisitor(store.browser, { viewport: DESKTOP });
    const shell = await page.goto(`${store.origin}/config`);
    expect(shell?.headers()['cache-control']).toBe('no-store');
    await expect.poll(() => page.getByRole('button', { name: 'Log in' }).count()).toBe(1);
    await expectNoAxeViolations(page);

    await logIn(page, 'editor@example.com', 'not the password');
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toMatch(/\S/);

    await logIn(page, 'editor@example.com');
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
    const links = await nav.getByRole('link').allTextContents();
    expect(links).toEqual(['Dashboard', 'Products', 'Forms']);
    await expectNoAxeViolations(page);

    await page.goto(`${store.origin}/config/orders`);
    await page.getByRole('heading', { name: "You don't have permission to see orders" }).waitFor();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(
      problems.filter((problem) => !problem.includes('401') && !problem.includes('403')),
    ).toEqual([]);
    await context.close();
  });

  it('opens the navigation from the menu button at 390 px', async () => {
    const { context, page } = await newVisitor(store.browser, { viewport: PHONE });
    await page.goto(`${store.origin}/config`);
    await logIn(page, 'owner@example.com');
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.waitFor();
    // The bar is one line on a phone: the menu button, the brand and 'Log out' share a row, and
    // none wraps (two lines of the brand would be about 46 px, a wrapped button about 60 px).
    const boxOf = async (part: Locator) => {
      const box = await part.boundingBox();
      if (!box) throw new Error('a part of the bar is not shown');
      return box;
    };
    const brand = await boxOf(page.locator('.shell-header .brand'));
    const middle = (box: { y: number; height: number }) => box.y + box.height / 2;
    expect(brand.height).toBeLessThan(36);
    for (const button of [menu, page.getByRole('button', { name: 'Log out' })]) {
      const box = await boxOf(button);
      expect(box.height).toBeLessThanOrEqual(44);
      expect(Math.abs(middle(box) - middle(brand))).toBeLessThan(4);
    }
    // The owner's email is whole on a line of its own under the bar, not cut to 'own…'.
    const who = page.locator('.shell-header .who');
    expect(await who.textContent()).toContain('owner@example.com');
    const email = await boxOf(who);
    expect(email.y).toBeGreaterThanOrEqual(brand.y + brand.height);
    expect(email.x + email.width).toBeLessThanOrEqual(PHONE.width);
    expect(await who.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    // The Dashboard's chart is drawn at the phone's width: its axis labels are not shrunk.
    const dayLabel = page.locator('.chart .visx-axis-bottom .visx-axis-tick text').first();
    await dayLabel.waitFor();
    const labelHeight = await dayLabel.evaluate((text) => text.getBoundingClientRect().height);
    expect(labelHeight).toBeGreaterThanOrEqual(11);
    const chart = await boxOf(page.locator('.chart svg').first());
    expect(chart.x + chart.width).toBeLessThanOrEqual(PHONE.width);
    const orders = page.getByRole('link', { name: 'Orders' });
    expect(await orders.isVisible()).toBe(false);
    await menu.press('Enter');
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await orders.waitFor({ state: 'visible' });
    expect(
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link').allTextContents(),
    ).toEqual([
      'Dashboard',
      'Orders',
      'Products',
      'Analytics',
      'Site health',
      'Forms',
      'Team',
      'Settings',
    ]);
    await expectNoAxeViolations(page);
    await orders.click();
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('shows the visits of a shopper who browsed the store on the Dashboard', async () => {
    const shopper = await newVisitor(store.browser);
    const hit = shopper.page.waitForResponse((response) =>
      response.url().endsWith('/api/census/RecordHit'),
    );
    await shopper.page.goto(`${store.origin}/shop/p/linen-shirt`);
    await hit;
    await shopper.context.close();

    const { context, page } = await newVisitor(store.browser, { viewport: DESKTOP });
    await page.goto(`${store.origin}/config`);
    await logIn(page, 'owner@example.com');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const visits = page.locator('.stat', { hasText: 'Visits' }).locator('.stat-value');
    // Census hits are written in batches: ask again until the batch is in. The app keeps a
    // report fresh for 30 s, so each try loads the page anew rather than switching periods.
    // The bound is a hang detector for a loaded machine, not a speed check.
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByLabel('Today').check();
          await visits.waitFor();
          return Number((await visits.textContent()) ?? '0');
        },
        { timeout: 60_000, interval: 500 },
      )
      .toBeGreaterThan(0);
    await page.getByRole('group', { name: 'Visits and orders by day' }).waitFor();
    await expectNoAxeViolations(page);
    // The chart's values are reached with the keyboard.
    await page.locator('.chart-day').last().focus();
    expect(await page.locator('.chart-tooltip').textContent()).toMatch(/visits/);
    await context.close();
  });

  it('sets a stock to 0 (Sold Out in the store), back to 5, and sends the restock emails', async () => {
    const { context, page, problems } = await newVisitor(store.browser, { viewport: DESKTOP });
    await page.goto(`${store.origin}/config/products/field-notebook`);
    await logIn(page, 'owner@example.com');
    const stock = page.getByLabel(/Stock/);
    await stock.waitFor();
    await stock.fill('0');
    await page.getByRole('button', { name: 'Save FN-DOT-48' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await expectNoAxeViolations(page);

    const shopper = await newVisitor(store.browser);
    await shopper.page.goto(`${store.origin}/shop/p/field-notebook`);
    expect(await shopper.page.getByText('Sold Out').first().isVisible()).toBe(true);
    await shopper.context.close();

    await store.harness.database.db.insert(schema.restockSignups).values({
      siteId:
        (await store.harness.database.db.select({ id: schema.sites.id }).from(schema.sites))[0]
          ?.id ?? '',
      productId: 'field-notebook',
      variantId: 'field-notebook-default',
      email: 'waiting@example.com',
    });
    await page.reload();
    await page.getByLabel(/Stock/).fill('5');
    await page.getByRole('button', { name: 'Save FN-DOT-48' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await page.reload();
    const send = page.getByRole('button', { name: 'Send restock emails' });
    await send.click();
    await page.getByRole('status').filter({ hasText: 'Sent 1 restock emails.' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each([
    ['Analytics', PHONE],
    ['Site health', PHONE],
    ['Team', PHONE],
    ['Products', PHONE],
    ['Analytics', DESKTOP],
    ['Site health', DESKTOP],
    ['Team', DESKTOP],
    ['Products', DESKTOP],
  ])('shows %s to the ADMIN with no axe violations at %o', async (name, viewport) => {
    const { context, page, problems } = await ownerVisitor(viewport);
    await page.goto(`${store.origin}/config`);
    if (viewport === PHONE) await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    // A page can show more than one section loading at once: wait until none is.
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Loading' }).count())
      .toBe(0);
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('links no admin file from any storefront page', async () => {
    const adminFiles = await readdir(path.join(CLIENT_DIST_DIR, 'admin/assets'));
    const names = adminFiles.filter((file) => file.endsWith('.js') || file.endsWith('.css'));
    expect(names.length).toBeGreaterThan(0);
    const storefrontManifest = await readFile(
      path.join(CLIENT_DIST_DIR, '.vite/manifest.json'),
      'utf8',
    );
    expect(storefrontManifest).not.toContain('src/admin/');
    for (const url of ['/', '/shop', '/shop/p/linen-shirt', '/cart', '/account/login']) {
      const response = await store.harness.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain('/config/assets/');
      for (const name of names) expect(response.body, `${url} ${name}`).not.toContain(name);
    }
  });
});
