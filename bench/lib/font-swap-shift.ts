/**
 * The layout shift a web-font swap causes, measured without throttling: the demo server starts as
 * the benchmarks start it, each page loads at 412×823 with the site's fonts held 1.5 s (so they
 * arrive after the first paint, as on a slow link), and the shifts are printed with the nodes that
 * moved. `npx tsx bench/lib/font-swap-shift.ts`.
 */
import { launchChromium, resolveChromiumPath } from '../../test/helpers/chromium.ts';
import { createBenchDatabase } from './bench-database.ts';
import { startServer } from './server-process.ts';
const SHIFTS = `(() => { window.__shifts = []; new PerformanceObserver((l) => l.getEntries().forEach((e) => window.__shifts.push({ t: Math.round(e.startTime), v: e.value, s: (e.sources || []).map((s) => (s.node && s.node.nodeType === 1 ? s.node.tagName.toLowerCase() + '.' + s.node.className : '#text ' + (s.node ? s.node.textContent.slice(0, 20) : '')) + ' ' + [s.previousRect.x, s.previousRect.y, s.previousRect.width, s.previousRect.height].map(Math.round) + ' -> ' + [s.currentRect.x, s.currentRect.y, s.currentRect.width, s.currentRect.height].map(Math.round)) }))).observe({ type: 'layout-shift', buffered: true }); })();`;
const database = await createBenchDatabase('pglite');
const server = await startServer(database);
const browser = await launchChromium(await resolveChromiumPath());
try {
  for (const path of ['/shop/p/linen-shirt', '/shop', '/cart', '/']) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    if (path === '/cart') {
      await context.request.get(`${server.url}/shop/p/linen-shirt`);
      const crumb =
        (await context.cookies(server.url)).find((c) => c.name === 'crumb')?.value ?? '';
      await context.request.post(`${server.url}/api/commerce/shopping-cart/entries`, {
        headers: { 'x-csrf-token': crumb },
        data: { itemId: 'linen-shirt', sku: 'LS-INDIGO-M', quantity: 1 },
      });
    }
    await context.addInitScript({ content: SHIFTS });
    // The fonts arrive 1.5 s late, after the first paint: the swap is what is measured.
    await context.route('**/theme-fonts/**', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    const page = await context.newPage();
    await page.goto(server.url + path, { waitUntil: 'load' });
    await page.waitForTimeout(2500);
    const shifts = await page.evaluate<{ v: number; s: string[] }[]>('window.__shifts');
    console.log(path, 'CLS', shifts.reduce((a, s) => a + s.v, 0).toFixed(5));
    for (const s of shifts) console.log('  ', s.v.toFixed(5), s.s.join(' | ').slice(0, 400));
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
  await database.drop();
}
