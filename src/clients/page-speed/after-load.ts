/**
 * Entry linked by page-scripts.ts where the page-speed collector is on: it fetches the collector
 * (web-vitals included) once the page has loaded and the main thread is idle, so its code never
 * competes with the page's image and first islands for a slow link. Nothing is missed: the
 * collector's observers read the entries the browser buffered before (`buffered: true`).
 */
function start(): void {
  void import('./index.ts');
}

function whenIdle(): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 2_000 });
  else setTimeout(start, 0);
}

if (document.readyState === 'complete') whenIdle();
else addEventListener('load', whenIdle, { once: true });
