/**
 * When a loaded page is ready to be checked, without waiting for the network to sit idle for
 * half a second (Playwright's `networkidle`, a fixed wait paid on every load): every island that
 * hydrates on its own (`load`, `idle`) has hydrated or reported its failure, and no request the
 * page made is still under way (an island's first fetch, a picture, a font). Islands that wait
 * for the shopper (`interaction`) or for the viewport (`visible`) are not waited for: hydration
 * keeps their server-rendered markup as it is.
 */
import type { Page, Request } from 'playwright-core';

interface Requests {
  readonly open: Set<Request>;
  /** Called whenever the last open request ends. */
  readonly onIdle: (() => void)[];
}

const tracked = new WeakMap<Page, Requests>();

/** Starts counting the page's requests; call before its first navigation (newVisitor does). */
export function trackRequests(page: Page): void {
  if (tracked.has(page)) return;
  const requests: Requests = { open: new Set(), onIdle: [] };
  tracked.set(page, requests);
  const end = (request: Request) => {
    requests.open.delete(request);
    if (requests.open.size === 0) for (const idle of requests.onIdle.splice(0)) idle();
  };
  page.on('request', (request) => requests.open.add(request));
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  // A new document abandons the previous one's requests, which may never report their end.
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    for (const request of [...requests.open])
      if (!request.isNavigationRequest() || request.frame() !== frame) end(request);
  });
}

function noOpenRequests(requests: Requests): Promise<void> {
  if (requests.open.size === 0) return Promise.resolve();
  return new Promise((idle) => requests.onIdle.push(idle));
}

/** Every island that hydrates by itself has hydrated (or reported its failure). */
function islandsSettled(page: Page): Promise<unknown> {
  return page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLElement>('vitrine-island')].every(
      (island) =>
        island.dataset.hydrated !== undefined ||
        island.dataset.hydrate === 'interaction' ||
        island.dataset.hydrate === 'visible',
    ),
  );
}

/** A frame and a task later: whatever an ended request set off has started by then. */
function nextFrame(page: Page): Promise<void> {
  return page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0))),
  );
}

/** Resolves once the page has loaded, its islands have settled and its requests have ended. */
export async function pageReady(page: Page): Promise<void> {
  const requests = tracked.get(page);
  if (!requests) throw new Error('pageReady needs trackRequests(page) before the navigation');
  await page.waitForLoadState('load');
  await islandsSettled(page);
  do {
    await noOpenRequests(requests);
    await nextFrame(page);
  } while (requests.open.size > 0);
}
