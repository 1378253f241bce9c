/**
 * When a loaded page is ready to be checked, without waiting for the network to sit idle for
 * half a second (Playwright's `networkidle`, a fixed wait paid on every load): every island that
 * hydrates on its own (`load`, `idle`, and `visible` ones already in view) has hydrated or
 * reported its failure, no request the page made is still under way (an island's first fetch, a
 * picture, a font), no finite animation or transition is still running, and the document has
 * gone two frames without a change (a component's follow-up render). Islands that wait for
 * the shopper (`interaction`) or for a scroll (`visible`, out of view) are not waited for:
 * hydration keeps their server-rendered markup as it is.
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
  return page.waitForFunction(() => {
    // An island element lays out as its contents: its first child says where it is.
    const inView = (island: HTMLElement) => {
      const box = (island.firstElementChild ?? island).getBoundingClientRect();
      return box.bottom > 0 && box.top < window.innerHeight;
    };
    return [...document.querySelectorAll<HTMLElement>('vitrine-island')].every(
      (island) =>
        island.dataset.hydrated !== undefined ||
        island.dataset.hydrate === 'interaction' ||
        (island.dataset.hydrate === 'visible' && !inView(island)),
    );
  });
}

/**
 * Finite animations and transitions (a dialog fading in, a pill scaling) have ended. Only those
 * driven by time count: a scroll-driven animation (the header's check that its links fit) has a
 * finite length too, but finishes only when its box is scrolled to the end, which may be never.
 */
function animationsEnded(page: Page): Promise<unknown> {
  return page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.timeline === document.timeline &&
            animation.effect?.getComputedTiming().endTime !== Infinity,
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    ).then(() => true),
  );
}

/**
 * Resolves once two frames in a row passed without a change to the document: whatever an ended
 * request or animation set off has run by then. A page that changes on every frame by design
 * (a ticking clock) is taken as it is after 120 frames.
 */
function documentStill(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((done) => {
        let changed = false;
        const observer = new MutationObserver(() => (changed = true));
        observer.observe(document, {
          subtree: true,
          childList: true,
          attributes: true,
          characterData: true,
        });
        let stillFrames = 0;
        let frames = 0;
        const frame = () => {
          stillFrames = changed ? 0 : stillFrames + 1;
          changed = false;
          frames += 1;
          if (stillFrames >= 2 || frames >= 120) {
            observer.disconnect();
            done();
          } else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
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
    await animationsEnded(page);
    await documentStill(page);
  } while (requests.open.size > 0);
}
