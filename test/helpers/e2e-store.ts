/**
 * What every Chromium test file needs: the app on a free port with the built client bundles
 * (the demo store imported unless asked not to), a connection to the run's one browser, and
 * visitors whose console errors and uncaught exceptions are collected. `useStore()` registers the file's beforeAll/afterAll.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { loadClientAssets } from '../../src/server/render/client-assets.ts';
import { createTestApp, type TestApp } from './app.ts';
import { connectChromium } from './chromium.ts';
import { trackRequests } from './page-ready.ts';

export interface Store {
  readonly harness: TestApp;
  readonly browser: Browser;
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
}

export interface StoreOptions {
  /** Import the demo store (default true). */
  readonly importDemo?: boolean;
  readonly env?: Record<string, string>;
  /** Runs after the import, before the app listens: changes to the data the file needs. */
  readonly prepare?: (harness: TestApp) => Promise<void>;
}

/** The store of this test file, ready from its beforeAll on. */
export function useStore(options: StoreOptions = {}): Store {
  let harness: TestApp | undefined;
  let browser: Browser | undefined;
  let origin: string | undefined;
  beforeAll(async () => {
    harness = await createTestApp({
      importDemo: options.importDemo ?? true,
      ...(options.env ? { env: options.env } : {}),
      assets: await loadClientAssets(),
      // Tests make many requests from one address; limits have suites of their own.
      rateLimit: { max: 1_000_000, timeWindowMs: 60_000 },
    });
    await options.prepare?.(harness);
    origin = await harness.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await connectChromium(inject('chromiumEndpoint'));
  });
  afterAll(async () => {
    await browser?.close();
    await harness?.close();
  });
  const ready = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`the store's ${name} is used before beforeAll ran`);
    return value;
  };
  return {
    get harness() {
      return ready(harness, 'harness');
    },
    get browser() {
      return ready(browser, 'browser');
    },
    get origin() {
      return ready(origin, 'origin');
    },
  };
}

export interface Visitor {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Console errors and uncaught exceptions, in order. */
  readonly problems: string[];
}

/** A fresh browser context and page whose problems are collected and requests counted (pageReady). */
export async function newVisitor(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<Visitor> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  trackRequests(page);
  const problems: string[] = [];
  page.on('console', (message) => {
    // The browser logs every non-2xx document load; tests assert the status itself.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return { context, page, problems };
}
