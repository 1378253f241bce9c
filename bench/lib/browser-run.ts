/**
 * One measured page load in Chromium, under the conditions of issue #12: a fresh browser
 * context (its own cookies and HTTP cache, the cache also cleared over CDP right before the
 * load), a 412×823 viewport, the CPU slowed four times and a slow-4G network (150 ms latency,
 * 1.6 Mbps down, 750 kbps up). Figures are read three seconds after the load event from
 * performance entries observed from the start of the document.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { z } from 'zod';
import {
  cumulativeLayoutShift,
  largestPaint,
  totalBlockingTime,
  type LargestPaint,
} from './browser-metrics.ts';

export const VIEWPORT = { width: 412, height: 823 } as const;
export const CPU_SLOWDOWN = 4;
/** Slow 4G: CDP wants bytes per second; 1.6 Mbps and 750 kbps are bits. */
export const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: 1_600_000 / 8,
  uploadThroughput: 750_000 / 8,
} as const;
export const AFTER_LOAD_MS = 3_000;
const LOAD_TIMEOUT_MS = 120_000;

// Plain JavaScript strings, not functions: the TypeScript loader may rewrite a function's
// source with helpers that do not exist in the page.
const OBSERVE_SCRIPT = `(() => {
  const store = { paint: [], lcp: [], shifts: [], tasks: [] };
  window.__benchVitals = store;
  const observe = (type, record) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(record))
        .observe({ type, buffered: true });
    } catch {}
  };
  observe('paint', (e) => store.paint.push({ name: e.name, startTime: e.startTime }));
  observe('largest-contentful-paint', (e) =>
    store.lcp.push({
      startTime: e.startTime,
      size: e.size,
      url: e.url || '',
      element: e.element ? e.element.tagName.toLowerCase() : '',
    }),
  );
  observe('layout-shift', (e) => {
    if (!e.hadRecentInput) store.shifts.push({ startTime: e.startTime, value: e.value });
  });
  observe('longtask', (e) => store.tasks.push({ startTime: e.startTime, duration: e.duration }));
  // When each island was marked hydrated (src/islands/loader.ts sets data-hydrated).
  const hydrated = new Map();
  window.__benchHydrated = hydrated;
  new MutationObserver((records) => records.forEach((r) => {
    if (r.target.getAttribute('data-hydrated') === 'true' && !hydrated.has(r.target))
      hydrated.set(r.target, performance.now());
  })).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] });
})();`;

const READ_SCRIPT = `(() => {
  const vitals = window.__benchVitals;
  const navigation = performance.getEntriesByType('navigation')[0];
  return {
    now: performance.now(),
    vitals,
    navigation: navigation
      ? {
          encodedBodySize: navigation.encodedBodySize,
          responseStart: navigation.responseStart,
          loadEventStart: navigation.loadEventStart,
        }
      : null,
    resources: performance.getEntriesByType('resource').map((r) => ({
      url: r.name,
      encodedBodySize: r.encodedBodySize,
      startTime: r.startTime,
    })),
    mainImage: document.querySelector('img[fetchpriority="high"]')?.currentSrc || null,
    // The islands hydrated at load (no directive or 'load'): when the last of them was ready.
    hydratedMs: (() => {
      const islands = [...document.querySelectorAll('vitrine-island[data-island]')].filter(
        (element) => (element.dataset.hydrate || 'load') === 'load');
      if (islands.length === 0) return null;
      const times = islands.map((element) => window.__benchHydrated.get(element));
      return times.every((t) => t !== undefined) ? Math.max(...times) : null;
    })(),
    // What the script starter linked (src/clients/script-start/): the page's scripts at load.
    started: [...(document.getElementById('vitrine-scripts')?.content.children ?? [])].map(
      (element) => new URL(element.getAttribute('src') || element.getAttribute('href') || '', location.href).href),
  };
})()`;

const timed = z.object({ startTime: z.number() });
const readSchema = z.object({
  now: z.number(),
  vitals: z.object({
    paint: z.array(timed.extend({ name: z.string() })),
    lcp: z.array(timed.extend({ size: z.number(), url: z.string(), element: z.string() })),
    shifts: z.array(timed.extend({ value: z.number() })),
    tasks: z.array(timed.extend({ duration: z.number() })),
  }),
  navigation: z.object({
    encodedBodySize: z.number(),
    responseStart: z.number(),
    loadEventStart: z.number(),
  }),
  resources: z.array(
    z.object({ url: z.string(), encodedBodySize: z.number(), startTime: z.number() }),
  ),
  /** The URL the browser chose for the page's main image (`fetchpriority="high"`), if any. */
  mainImage: z.string().nullable(),
  hydratedMs: z.number().nullable(),
  started: z.array(z.string()),
});

export interface LoadedResource {
  /** Path and query on the page's origin, or the full URL elsewhere. */
  readonly path: string;
  readonly kind: 'js' | 'css' | 'other';
  /** Body bytes as transferred (compressed), from Resource Timing's encodedBodySize. */
  readonly bytes: number;
  /** Requested before the load event or linked by the script starter: what the page loads at
   * load, not on idle, on scrolling or on the shopper's action. */
  readonly atLoad: boolean;
}

export interface PageLoad {
  /** The document's responseStart: mostly the server's time, since Chromium's emulated
   * latency holds back the body after it (the load and paints include it). */
  readonly ttfbMs: number;
  readonly fcpMs: number;
  /** The last LCP candidate, and whether it is the page's main image. */
  readonly lcp: LargestPaint;
  readonly cls: number;
  /** Total Blocking Time from navigation start to the measurement (bench/README.md). */
  readonly tbtMs: number;
  /** The same from First Contentful Paint on, as Lighthouse counts it. */
  readonly tbtAfterFcpMs: number;
  readonly loadMs: number;
  /** When the last island hydrated at load was ready (null: the page has none, or one failed). */
  readonly hydratedMs: number | null;
  readonly htmlBytes: number;
  readonly resources: readonly LoadedResource[];
  /** Content-Encoding of the document and its same-origin scripts and styles, as answered. */
  readonly encodings: ReadonlySet<string>;
}

function kindOf(pathname: string): LoadedResource['kind'] {
  if (pathname.endsWith('.js')) return 'js';
  return pathname.endsWith('.css') ? 'css' : 'other';
}

export interface LoadOptions {
  /** Sent on every request of the context: the visitor's own client address. */
  readonly forwardedFor: string;
  /** Runs in the fresh context before the measured load (cookies it sets are kept). */
  readonly prepare?: (context: BrowserContext) => Promise<void>;
  /** Off for warm-up loads, which only wake the server up. */
  readonly throttle?: boolean;
}

export async function measurePageLoad(
  browser: Browser,
  url: string,
  { forwardedFor, prepare, throttle = true }: LoadOptions,
): Promise<PageLoad> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    // Chromium would take Brotli; the byte figures, and the budgets, are gzip's.
    extraHTTPHeaders: { 'x-forwarded-for': forwardedFor, 'accept-encoding': 'gzip, deflate' },
  });
  try {
    await prepare?.(context);
    await context.addInitScript({ content: OBSERVE_SCRIPT });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.clearBrowserCache');
    if (throttle) {
      await cdp.send('Network.emulateNetworkConditions', NETWORK);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    }
    const origin = new URL(url).origin;
    const encodings = new Set<string>();
    const failures: string[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).origin !== origin) return;
      if (response.status() >= 400)
        failures.push(`${response.url()} answered ${response.status()}`);
      const type = response.request().resourceType();
      if (!['document', 'script', 'stylesheet'].includes(type)) return;
      encodings.add(`${type}: ${response.headers()['content-encoding'] ?? 'identity'}`);
    });
    // The page's own resources only: a telemetry POST cut short (the analytics or page-speed
    // beacon) loses nothing the shopper sees.
    page.on('requestfailed', (request) => {
      if (request.method() !== 'GET') return;
      failures.push(`${request.url()} failed: ${request.failure()?.errorText ?? 'unknown'}`);
    });
    const response = await page.goto(url, { waitUntil: 'load', timeout: LOAD_TIMEOUT_MS });
    if (response?.status() !== 200) throw new Error(`GET ${url} answered ${response?.status()}`);
    await page.waitForTimeout(AFTER_LOAD_MS);
    const read = readSchema.parse(await page.evaluate(READ_SCRIPT));
    // A load that lost part of its page measures something else (a rebuild of dist/client
    // while the server runs is the usual cause).
    if (failures.length > 0) throw new Error(`loading ${url}: ${failures.join('; ')}`);

    const fcpMs =
      read.vitals.paint.find((entry) => entry.name === 'first-contentful-paint')?.startTime ??
      Number.NaN;
    const resources = read.resources.map((resource): LoadedResource => {
      const parsed = new URL(resource.url);
      const path = parsed.origin === origin ? parsed.pathname + parsed.search : resource.url;
      return {
        path,
        kind: kindOf(parsed.pathname),
        bytes: resource.encodedBodySize,
        atLoad:
          resource.startTime < read.navigation.loadEventStart ||
          read.started.includes(resource.url),
      };
    });
    return {
      ttfbMs: read.navigation.responseStart,
      fcpMs,
      lcp: largestPaint(read.vitals.lcp, read.mainImage),
      cls: cumulativeLayoutShift(read.vitals.shifts),
      tbtMs: totalBlockingTime(read.vitals.tasks, 0, read.now),
      tbtAfterFcpMs: totalBlockingTime(read.vitals.tasks, fcpMs, read.now),
      loadMs: read.navigation.loadEventStart,
      hydratedMs: read.hydratedMs,
      htmlBytes: read.navigation.encodedBodySize,
      resources,
      encodings,
    };
  } finally {
    await context.close();
  }
}
