/**
 * Starts the page's client scripts once what the shopper waits for first is on screen: the first
 * paint and, where the page has one, its main image. Until then the scripts' elements wait in an
 * inert template (src/shared/html/page-scripts.ts), so on a slow link over HTTP/1.1's six
 * connections none of some twenty files takes a connection or a share of the bandwidth from the
 * stylesheets, fonts and image the first paint and LCP need (bench/README.md, "Product page first
 * paint"). The islands' server HTML works meanwhile: links navigate and forms post without
 * JavaScript.
 */
import { MAIN_IMAGE_SELECTOR, PAGE_SCRIPTS_ELEMENT_ID } from '../../shared/html/page-scripts.ts';

/**
 * Copies the template's elements into the document, where they fetch and run. Fresh elements,
 * not clones: a script parsed into a template may carry the flag that keeps it from ever running.
 * Scripts run in the template's order (`async = false`), as parser-inserted module scripts do:
 * the error reporter before the islands it watches.
 */
export function startScripts(doc: Document): void {
  const template = doc.getElementById(PAGE_SCRIPTS_ELEMENT_ID);
  if (!(template instanceof HTMLTemplateElement) || template.dataset.started !== undefined) return;
  template.dataset.started = '';
  for (const element of Array.from(template.content.children)) {
    const copy = doc.createElement(element.localName);
    for (const { name, value } of Array.from(element.attributes)) copy.setAttribute(name, value);
    if (copy instanceof HTMLScriptElement) copy.async = false;
    doc.body.append(copy);
  }
}

/** Resolves when the image has loaded or failed (a broken image must not hold the page back). */
function settled(image: HTMLImageElement | null): Promise<void> {
  if (image === null || image.complete) return Promise.resolve();
  return new Promise((resolve) => {
    image.addEventListener('load', () => resolve(), { once: true });
    image.addEventListener('error', () => resolve(), { once: true });
  });
}

/**
 * The longest the scripts wait for the main image. Its request can hang (a stalled CDN, a
 * captive portal): the page must still come alive, so past this the scripts start anyway.
 */
export const MAIN_IMAGE_WAIT_MS = 3000;

/**
 * A shopper's first tap, click or key press. The server HTML answers it meanwhile, but from then
 * on the islands are what the shopper needs, so the scripts start without waiting any longer.
 */
const INTERACTIONS = ['pointerdown', 'keydown'] as const;

/** Runs after the next frame has been produced: a task queued from the frame's callback. */
function afterNextFrame(win: Window, run: () => void): void {
  win.requestAnimationFrame(() => win.setTimeout(run, 0));
}

/**
 * Schedules the start: after the main image has settled and the next frame (the one that paints
 * it) is out. A hidden tab (or a prerendered page) produces no frames: its scripts start at the
 * load event. A visible page's load event can come before its first frame (the image and
 * stylesheets in, the first layout still running), so it does not start them there. Whatever
 * happens to the image, they start at the latest MAIN_IMAGE_WAIT_MS after the starter ran, or at
 * the shopper's first interaction if that comes sooner. The starter itself runs as a module
 * script, after the document's render-blocking stylesheets have arrived.
 */
export function startWhenPainted(win: Window): void {
  const doc = win.document;
  const start = () => startScripts(doc);
  void settled(doc.querySelector<HTMLImageElement>(MAIN_IMAGE_SELECTOR)).then(() =>
    afterNextFrame(win, start),
  );
  win.setTimeout(start, MAIN_IMAGE_WAIT_MS);
  for (const type of INTERACTIONS) {
    win.addEventListener(type, start, { once: true, capture: true, passive: true });
  }
  const startIfHidden = () => {
    if (doc.visibilityState === 'hidden') start();
  };
  if (doc.readyState === 'complete') startIfHidden();
  else win.addEventListener('load', startIfHidden, { once: true });
}
