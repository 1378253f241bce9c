/**
 * One throttled page load traced in Chromium under the browser benchmark's conditions, summed up:
 * the requests with their priority, start and end, the main thread's work before and after the
 * first contentful paint by event, and the layout shifts with the nodes that moved.
 * `npx tsx bench/lib/trace-load.ts [path…]` starts the demo server as the benchmark does and traces
 * each path (default: the product page and its no-JS copy, the collection and the cart; `no-js`
 * names the copy), each after an unthrottled load in Chromium that fills the server's caches,
 * the image renditions made on first request included, as the benchmark's first loads do.
 */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { CLIENT_DIST_DIR } from '../../src/server/render/client-assets.ts';
import { createBenchDatabase } from './bench-database.ts';
import { startServer } from './server-process.ts';
import { launchChromium, resolveChromiumPath } from '../../test/helpers/chromium.ts';
import { CPU_SLOWDOWN, NETWORK, VIEWPORT } from './browser-run.ts';
import { freshAddress } from './load.ts';

interface TraceEvent {
  readonly name: string;
  readonly cat: string;
  readonly ph: string;
  readonly ts: number;
  readonly dur?: number;
  readonly pid: number;
  readonly tid: number;
  readonly args?: { data?: Record<string, unknown>; [key: string]: unknown };
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'loading',
  'blink.user_timing',
  'v8.execute',
  'toplevel',
];

const SHIFTS_SCRIPT = `(() => {
  window.__shifts = [];
  new PerformanceObserver((list) => list.getEntries().forEach((e) => window.__shifts.push({
    t: Math.round(e.startTime), value: e.value,
    sources: (e.sources || []).map((s) => ({
      node: s.node ? (s.node.nodeType === 1 ? s.node.tagName.toLowerCase() + (s.node.id ? '#' + s.node.id : '') + (s.node.className && typeof s.node.className === 'string' ? '.' + s.node.className.trim().split(/\\s+/).join('.') : '') + (s.node.dataset && s.node.dataset.island ? '[' + s.node.dataset.island + ']' : '') : '#text:' + (s.node.textContent || '').slice(0, 30)) : null,
      parent: s.node && s.node.parentElement ? s.node.parentElement.tagName.toLowerCase() + '.' + (s.node.parentElement.className || '') : null,
      from: s.previousRect && [s.previousRect.x, s.previousRect.y, s.previousRect.width, s.previousRect.height].map(Math.round),
      to: s.currentRect && [s.currentRect.x, s.currentRect.y, s.currentRect.width, s.currentRect.height].map(Math.round),
    })),
  }))).observe({ type: 'layout-shift', buffered: true });
})();`;

/** One item in the context's cart, as the benchmark's cart page has. */
async function addOneItem(context: BrowserContext, origin: string): Promise<void> {
  await context.request.get(`${origin}/shop/p/linen-shirt`);
  const crumb = (await context.cookies(origin)).find((cookie) => cookie.name === 'crumb')?.value;
  const added = await context.request.post(`${origin}/api/commerce/shopping-cart/entries`, {
    headers: { 'x-csrf-token': crumb ?? '' },
    data: { itemId: 'linen-shirt', sku: 'LS-INDIGO-M', quantity: 1 },
  });
  if (added.status() !== 200) throw new Error(`add-to-cart answered ${added.status()}`);
}

/** An unthrottled load of the page and everything it fetches, as the benchmark's first loads. */
async function warm(browser: Browser, url: string): Promise<void> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    extraHTTPHeaders: { 'x-forwarded-for': freshAddress() },
  });
  if (new URL(url).pathname === '/cart') await addOneItem(context, new URL(url).origin);
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  await context.close();
}

async function trace(browser: Browser, url: string): Promise<void> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    extraHTTPHeaders: { 'x-forwarded-for': freshAddress(), 'accept-encoding': 'gzip, deflate' },
  });
  if (new URL(url).pathname === '/cart') await addOneItem(context, new URL(url).origin);
  await context.addInitScript({ content: SHIFTS_SCRIPT });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await browser.startTracing(page, { categories: CATEGORIES });
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForTimeout(3_000);
  const shifts = await page.evaluate('window.__shifts');
  const buffer = await browser.stopTracing();
  await context.close();
  const events = (JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  summarise(url, events, shifts);
}

function summarise(url: string, events: readonly TraceEvent[], shifts: unknown): void {
  const nav =
    events.find((e) => e.name === 'navigationStart' && e.args?.data?.['isLoadingMainFrame']) ??
    events.find((e) => e.name === 'navigationStart');
  const t0 = nav?.ts ?? 0;
  const ms = (ts: number) => Math.round((ts - t0) / 1000);
  const mark = (name: string) => events.filter((e) => e.name === name).map((e) => ms(e.ts));
  const fcp = mark('firstContentfulPaint')[0] ?? Number.NaN;
  console.log(`\n== ${url}`);
  console.log(
    `FCP ${fcp}  LCP candidates ${mark('largestContentfulPaint::Candidate').join(', ')}  load ${mark('loadEventStart').join(',')}`,
  );
  const sent = new Map<
    string,
    { url: string; priority: string; start: number; end?: number; received?: number }
  >();
  for (const e of events) {
    const data = e.args?.data ?? {};
    const id = typeof data['requestId'] === 'string' ? data['requestId'] : '';
    if (e.name === 'ResourceSendRequest')
      sent.set(id, {
        url: String(data['url']).replace(/^https?:\/\/[^/]+/, ''),
        priority: String(data['priority']),
        start: ms(e.ts),
      });
    if (e.name === 'ResourceReceiveResponse') {
      const r = sent.get(id);
      if (r) r.received = ms(e.ts);
    }
    if (e.name === 'ResourceFinish') {
      const r = sent.get(id);
      if (r) r.end = ms(e.ts);
    }
    if (e.name === 'ResourceChangePriority') {
      const r = sent.get(id);
      if (r) r.priority += `→${String(data['priority'])}@${ms(e.ts)}`;
    }
  }
  console.log('requests (start / first byte / end ms, priority):');
  for (const r of [...sent.values()].sort((a, b) => a.start - b.start))
    console.log(
      `  ${String(r.start).padStart(5)} ${String(r.received ?? '').padStart(5)} ${String(r.end ?? '').padStart(5)}  ${r.priority.padEnd(8)} ${r.url.slice(0, 90)}`,
    );
  // The renderer's main thread: the thread carrying the most RunTask time.
  const byThread = new Map<string, number>();
  for (const e of events)
    if (e.name === 'RunTask' && e.dur)
      byThread.set(`${e.pid}:${e.tid}`, (byThread.get(`${e.pid}:${e.tid}`) ?? 0) + e.dur);
  const main = [...byThread.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const onMain = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X' && e.dur);
  const tasks = onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 50_000);
  console.log('long tasks (start ms, duration ms, top events inside):');
  for (const task of tasks) {
    const inside = new Map<string, number>();
    for (const e of onMain)
      if (e !== task && e.ts >= task.ts && e.ts < task.ts + (task.dur ?? 0)) {
        const detail =
          e.name === 'EvaluateScript' ||
          e.name === 'v8.compileModule' ||
          e.name === 'v8.evaluateModule'
            ? `${e.name}`
            : e.name;
        inside.set(detail, (inside.get(detail) ?? 0) + (e.dur ?? 0));
      }
    const top = [...inside.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 7)
      .map(([name, dur]) => `${name} ${Math.round(dur / 1000)}`)
      .join(', ');
    console.log(
      `  ${String(ms(task.ts)).padStart(5)} ${String(Math.round((task.dur ?? 0) / 1000)).padStart(5)}  ${top}`,
    );
  }
  const layout = onMain.filter((e) => e.name === 'Layout' || e.name === 'UpdateLayoutTree');
  for (const e of layout.filter((x) => (x.dur ?? 0) > 20_000))
    console.log(
      `  ${e.name} at ${ms(e.ts)} for ${Math.round((e.dur ?? 0) / 1000)} ms ${JSON.stringify(e.args?.['beginData'] ?? e.args?.['elementCount'] ?? '').slice(0, 120)}`,
    );
  console.log('layout shifts:', JSON.stringify(shifts, null, 1));
}

const NO_JS_FILE = `trace-no-js-${process.pid}.html`;
const paths = process.argv.slice(2);
const database = await createBenchDatabase('pglite');
const server = await startServer(database);
const browser = await launchChromium(await resolveChromiumPath());
try {
  const html = await (await fetch(`${server.url}/shop/p/linen-shirt`)).text();
  await writeFile(
    path.join(CLIENT_DIST_DIR, 'assets', NO_JS_FILE),
    html
      .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, '')
      .replace(/<link\b[^>]*\brel=["']?modulepreload\b[^>]*>/gi, ''),
  );
  const list = (paths.length > 0 ? paths : ['/shop/p/linen-shirt', 'no-js', '/shop']).map((one) =>
    one === 'no-js' ? `/assets/${NO_JS_FILE}` : one,
  );
  for (const one of list) {
    await warm(browser, server.url + one);
    await trace(browser, server.url + one);
  }
} finally {
  await browser.close();
  await rm(path.join(CLIENT_DIST_DIR, 'assets', NO_JS_FILE), { force: true });
  await server.stop();
  await database.drop();
}
