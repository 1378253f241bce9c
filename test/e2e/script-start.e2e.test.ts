/**
 * The script starter (src/clients/script-start/) in Chromium on the demo store's product page,
 * when the main image never arrives: the page's scripts must not wait on it for good. They start
 * at the shopper's first key press, or when the starter's longest wait is over. The page's clock
 * is Playwright's, paused, so the wait is crossed by moving the clock, not by sleeping.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MAIN_IMAGE_WAIT_MS } from '../../src/clients/script-start/script-start.ts';
import { newVisitor, useStore } from '../helpers/e2e-store.ts';

const SHIRT = '/shop/p/linen-shirt';
const STARTED = 'template#vitrine-scripts[data-started]';
const FORM_HYDRATED = 'vitrine-island[data-island="ProductForm"][data-hydrated="true"]';

const CLOCK_START = Date.UTC(2026, 10, 28);

const store = useStore();

/** Lets the page's time flow again and waits for the product form to hydrate. */
async function formHydrates(page: Page): Promise<void> {
  await page.clock.resume();
  await page.waitForSelector(FORM_HYDRATED, { state: 'attached' });
}

/** A visitor on the shirt's page whose image requests hang, the starter waiting on it. */
async function pageWithHangingImage(): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await newVisitor(store.browser);
  // Paused: the page's time moves only when the test moves it, however slow the machine.
  await page.clock.install({ time: CLOCK_START });
  await page.clock.pauseAt(CLOCK_START + 1);
  // Image requests, the main image's among them, are held and never answered.
  await page.route(
    (url) => url.pathname.startsWith('/images/'),
    () => undefined,
  );
  await page.goto(`${store.origin}${SHIRT}`, { waitUntil: 'domcontentloaded' });
  // The starter is a module script, run before DOMContentLoaded.
  return { page, close: () => context.close() };
}

describe('the script starter when the main image hangs', () => {
  it("starts the scripts at the shopper's first key press, and the product form hydrates", async () => {
    const { page, close } = await pageWithHangingImage();
    await expect(page.locator(STARTED).count()).resolves.toBe(0);
    await page.keyboard.press('Tab');
    await expect(page.locator(STARTED).count()).resolves.toBe(1);
    await formHydrates(page);
    await close();
  });

  it('starts them when its longest wait is over, without any interaction', async () => {
    const { page, close } = await pageWithHangingImage();
    await page.clock.runFor(MAIN_IMAGE_WAIT_MS - 100);
    await expect(page.locator(STARTED).count()).resolves.toBe(0);
    await page.clock.runFor(200);
    await expect(page.locator(STARTED).count()).resolves.toBe(1);
    await formHydrates(page);
    await close();
  });
});
