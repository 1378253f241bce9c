/**
 * The owner's insight pages in Chromium: a shopper browses the store and searches it, then the
 * demo owner sees the visits on the Dashboard, the same visits and the search keyword on
 * Analytics (the funnel's data reached from the keyboard), and Site health; axe finds no
 * violations at 390 and 1280 px. Screenshots go to the OS temp directory for a person to look at.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDemoOwners, DEMO_OWNER_PASSWORD } from '../../src/server/modules/owners/index.ts';
import { newVisitor, useStore } from '../helpers/e2e-store.ts';

const store = useStore({ prepare: (harness) => addDemoOwners(harness.database) });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const SHOTS = path.join(tmpdir(), 'vitrine-owner-insights');

async function logIn(page: Page): Promise<void> {
  await page.getByLabel('Email').fill('owner@example.com');
  await page.getByLabel('Password').fill(DEMO_OWNER_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
}

async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.getByRole('status').filter({ hasText: 'Loading' }).count()).toBe(0);
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

describe('the insight pages', () => {
  it('show the visits and the search of a shopper who browsed the store', async () => {
    const shopper = await newVisitor(store.browser);
    for (const url of ['/', '/shop/p/linen-shirt', '/search?q=Linen']) {
      const sent = shopper.page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/census/RecordHit') ||
          response.url().endsWith('/api/events/RecordEvent'),
      );
      await shopper.page.goto(`${store.origin}${url}`);
      await sent;
    }
    await shopper.context.close();
    // The accepted hits are in the writer's batch: write them now rather than wait for its timer.
    await store.harness.app.flushIngestion();

    const { context, page, problems } = await newVisitor(store.browser, { viewport: DESKTOP });
    await page.goto(`${store.origin}/config`);
    await logIn(page);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const visits = page.locator('.stat', { hasText: 'Visits' }).locator('.stat-value');
    // Hits are written in batches: ask again until the batch is in.
    await expect
      .poll(
        async () => {
          await page.getByLabel('Last 30 days').check();
          await page.getByLabel('Today').check();
          return Number((await visits.textContent()) ?? '0');
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
    const dashboardVisits = Number(await visits.textContent());
    await page.screenshot({ path: path.join(SHOTS, 'dashboard-1280.png'), fullPage: true });
    await expectNoAxeViolations(page);

    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Analytics' })
      .click();
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    await page.getByLabel('Last 7 days').check();
    await settled(page);
    // The same visits as the dashboard's today: nobody visited the fresh store before.
    const analyticsVisits = page.locator('.stat', { hasText: /^Visits/ }).locator('.stat-value');
    expect(Number(await analyticsVisits.first().textContent())).toBe(dashboardVisits);
    await page
      .getByRole('table', { name: 'Search keywords, most searched first' })
      .getByText('linen')
      .waitFor();
    // The funnel's steps are reached with the keyboard and show their numbers on focus.
    const steps = page.getByRole('group', { name: 'Visits to purchases' }).getByRole('img');
    await steps.nth(1).focus();
    expect(await page.locator('.chart-focus').textContent()).toMatch(/^Product views: \d+/);
    await page.keyboard.press('Tab');
    expect(await page.locator('.chart-focus').textContent()).toMatch(/^Add to cart: \d+/);
    await page.screenshot({ path: path.join(SHOTS, 'analytics-1280.png'), fullPage: true });
    await expectNoAxeViolations(page);

    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Site health' })
      .click();
    await page.getByRole('heading', { name: 'Site health', level: 1 }).waitFor();
    await settled(page);
    await page.screenshot({ path: path.join(SHOTS, 'site-health-1280.png'), fullPage: true });
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each(['Dashboard', 'Analytics', 'Site health'])(
    'shows %s at 390 px with no axe violations',
    async (name) => {
      const { context, page, problems } = await newVisitor(store.browser, { viewport: PHONE });
      await page.goto(`${store.origin}/config`);
      await logIn(page);
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name }).click();
      await page.getByRole('heading', { name, level: 1 }).waitFor();
      await settled(page);
      await page.screenshot({
        path: path.join(SHOTS, `${name.toLowerCase().replace(' ', '-')}-390.png`),
        fullPage: true,
      });
      await expectNoAxeViolations(page);
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});
