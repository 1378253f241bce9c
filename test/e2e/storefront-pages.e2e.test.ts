import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadClientAssets } from '../../src/server/render/client-assets.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { connectChromium } from '../helpers/chromium.ts';

const PRODUCT_URL = '/shop/p/linen-shirt';
const HYDRATED_COUNT = 'vitrine-island[data-island="CartCount"][data-hydrated="true"]';

let harness: TestApp;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  harness = await createTestApp({ assets: await loadClientAssets() });
  origin = await harness.app.listen({ port: 0, host: '127.0.0.1' });
  browser = await connectChromium(inject('chromiumEndpoint'));
});

afterAll(async () => {
  await browser?.close();
  await harness?.close();
});

/** Opens a page in a fresh browser context (a visitor) and records every console error and
 * warning and every uncaught error. */
async function open(
  path: string,
): Promise<{ page: Page; context: BrowserContext; problems: string[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const response = await page.goto(`${origin}${path}`);
  expect(response?.status()).toBe(200);
  return { page, context, problems };
}

describe('product page in Chromium', () => {
  it('hydrates the cart-count island without a hydration warning', async () => {
    const { page, problems } = await open(PRODUCT_URL);
    await expect(page.locator('h1').textContent()).resolves.toBe('Linen Shirt');
    await page.waitForSelector(HYDRATED_COUNT, { state: 'attached', timeout: 10_000 });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('preloads the chunks of the islands it hydrates at load, and of no other island', async () => {
    const { page } = await open(PRODUCT_URL);
    const islands = (directive: string) =>
      page.$$eval(`vitrine-island[data-island][data-hydrate="${directive}"]`, (nodes) => [
        ...new Set(nodes.map((node) => node.getAttribute('data-island') ?? '')),
      ]);
    const carried = await islands('load');
    // Islands that wait for idle time or for the visitor fetch their code when they hydrate.
    const waiting = [...(await islands('idle')), ...(await islands('visible'))].filter(
      (island) => !carried.includes(island),
    );
    const scripts = await page.$$eval('script[src]', (nodes) =>
      nodes.map((node) => node.getAttribute('src') ?? ''),
    );
    const preloads = await page.$$eval('link[rel="modulepreload"]', (nodes) =>
      nodes.map((node) => node.getAttribute('href') ?? ''),
    );
    // The hydration loader, and the platform clients (analytics, error reporter, …).
    expect(scripts.filter((src) => /^\/assets\/loader-[\w-]+\.js$/.test(src))).toHaveLength(1);
    for (const url of [...scripts, ...preloads]) expect(url).toMatch(/^\/assets\/[\w.-]+\.js$/);
    expect(carried).toEqual(expect.arrayContaining(['CartCount', 'ProductForm']));
    for (const island of carried)
      expect(
        preloads.some((href) => href.startsWith(`/assets/${island}-`)),
        island,
      ).toBe(true);
    expect(waiting.length).toBeGreaterThan(0);
    // Islands that wait, and islands of other pages, are not preloaded.
    for (const island of [...waiting, 'Gallery', 'PageForm'])
      expect(
        preloads.some((href) => href.startsWith(`/assets/${island}-`)),
        island,
      ).toBe(false);
    await page.context().close();
  });

  it('keeps the count in step with another tab through the cart store', async () => {
    const { page, context, problems } = await open(PRODUCT_URL);
    await page.waitForSelector(HYDRATED_COUNT, { state: 'attached' });
    // A second tab of the same visitor.
    const other = await context.newPage();
    await other.goto(`${origin}${PRODUCT_URL}`);
    await other.evaluate(() => {
      const channel = new BroadcastChannel('vitrine-cart');
      channel.postMessage({ totalQuantity: 101, subtotalCents: 5000 });
      channel.close();
    });
    await page.waitForFunction(
      () => document.querySelector('.template-cart-count')?.textContent === '100+',
      undefined,
      { timeout: 5_000 },
    );
    await expect(page.locator('.template-cart .visually-hidden').textContent()).resolves.toBe(
      'More than 100 items in cart',
    );
    expect(problems).toEqual([]);
    await context.close();
  });

  for (const path of [PRODUCT_URL, '/', '/shop', '/contact']) {
    it(`${path} has no accessibility violations (axe) and no console errors`, async () => {
      const { page, problems } = await open(path);
      await page.waitForSelector(HYDRATED_COUNT, { state: 'attached' });
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual(
        [],
      );
      expect(problems).toEqual([]);
      await page.context().close();
    });
  }
});
