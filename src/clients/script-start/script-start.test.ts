// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAIN_IMAGE_WAIT_MS, startScripts, startWhenPainted } from './script-start.ts';

const TEMPLATE =
  '<template id="vitrine-scripts">' +
  '<link rel="modulepreload" href="/assets/chunk.js" fetchpriority="low">' +
  '<script type="module" src="/assets/first.js" fetchpriority="low"></script>' +
  '<script type="module" src="/assets/loader.js" fetchpriority="low"></script>' +
  '</template>';

/** Elements that fetch: those in the document, outside the template. */
const linked = () =>
  Array.from(document.body.querySelectorAll('script[src], link[rel="modulepreload"]')).map(
    (element) => element.getAttribute('src') ?? element.getAttribute('href'),
  );

beforeAll(() => {
  // The scripts are never run here: what is checked is that they are put where they would be.
  const happyDom = (window as unknown as { happyDOM?: { settings: Record<string, unknown> } })
    .happyDOM;
  if (happyDom) happyDom.settings['handleDisabledFileLoadingAsSuccess'] = true;
});

function page(body: string): void {
  document.body.innerHTML = body + TEMPLATE;
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('startScripts', () => {
  it('moves the waiting elements into the document, in order, keeping their attributes', () => {
    page('<main></main>');
    expect(linked()).toEqual([]);
    startScripts(document);
    expect(linked()).toEqual(['/assets/chunk.js', '/assets/first.js', '/assets/loader.js']);
    const scripts = Array.from(document.body.querySelectorAll('script'));
    expect(scripts.map((script) => [script.type, script.async])).toEqual([
      ['module', false],
      ['module', false],
    ]);
    expect(document.body.querySelector('link')?.getAttribute('fetchpriority')).toBe('low');
  });

  it('starts them once, however often it is called', () => {
    page('');
    startScripts(document);
    startScripts(document);
    expect(linked()).toHaveLength(3);
  });

  it('does nothing on a page without the template', () => {
    document.body.innerHTML = '<main></main>';
    startScripts(document);
    expect(linked()).toEqual([]);
  });
});

describe('startWhenPainted', () => {
  /**
   * Frames and timers the test runs by hand: `task` runs the tasks queued without a delay,
   * `waitLongest` the one queued for the starter's longest wait.
   */
  function controlledWindow() {
    const frames: (() => void)[] = [];
    const tasks: (() => void)[] = [];
    const delayed = new Map<number, (() => void)[]>();
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(() => callback(0));
      return frames.length;
    });
    vi.spyOn(window, 'setTimeout').mockImplementation(((callback: () => void, delay = 0) => {
      if (delay === 0) tasks.push(callback);
      else delayed.set(delay, [...(delayed.get(delay) ?? []), callback]);
      return tasks.length + delayed.size;
    }) as typeof window.setTimeout);
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    const run = (queue: (() => void)[]) => queue.splice(0).forEach((callback) => callback());
    return {
      frame: () => run(frames),
      task: () => run(tasks),
      waitLongest: () => run(delayed.get(MAIN_IMAGE_WAIT_MS) ?? []),
      delays: () => [...delayed.keys()],
    };
  }

  /** A page whose main image is still loading, with the starter scheduled. */
  async function pageWithLoadingImage() {
    const control = controlledWindow();
    page('<img fetchpriority="high" src="/images/shirt.jpg">');
    const image = document.querySelector('img');
    if (!image) throw new Error('no image');
    vi.spyOn(image, 'complete', 'get').mockReturnValue(false);
    startWhenPainted(window);
    await flush();
    control.frame();
    control.task();
    expect(linked()).toEqual([]);
    return { ...control, image };
  }
  const flush = () => new Promise<void>((resolve) => queueMicrotask(resolve));

  it('waits for the main image, then for the frame that paints it', async () => {
    const { frame, task, image } = await pageWithLoadingImage();
    image.dispatchEvent(new Event('load'));
    await flush();
    expect(linked()).toEqual([]);
    frame();
    expect(linked()).toEqual([]);
    task();
    expect(linked()).toHaveLength(3);
  });

  it('starts without the image once the longest wait is over, as when its request hangs', async () => {
    const { waitLongest, delays } = await pageWithLoadingImage();
    expect(MAIN_IMAGE_WAIT_MS).toBe(3000);
    expect(delays()).toEqual([MAIN_IMAGE_WAIT_MS]);
    waitLongest();
    expect(linked()).toHaveLength(3);
  });

  it.each(['pointerdown', 'keydown'])(
    "starts at once on the shopper's first %s, image or not",
    async (type) => {
      await pageWithLoadingImage();
      document.body.dispatchEvent(new Event(type, { bubbles: true }));
      expect(linked()).toHaveLength(3);
    },
  );

  it('starts only once when the image, a tap and the longest wait all come', async () => {
    const { frame, task, image, waitLongest } = await pageWithLoadingImage();
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    image.dispatchEvent(new Event('load'));
    await flush();
    frame();
    task();
    waitLongest();
    expect(linked()).toHaveLength(3);
  });

  it('does not wait on an image that failed', async () => {
    const { frame, task } = controlledWindow();
    page('<img fetchpriority="high" src="/images/missing.jpg">');
    const image = document.querySelector('img');
    if (!image) throw new Error('no image');
    vi.spyOn(image, 'complete', 'get').mockReturnValue(false);
    startWhenPainted(window);
    image.dispatchEvent(new Event('error'));
    await flush();
    frame();
    task();
    expect(linked()).toHaveLength(3);
  });

  it('on a page without a main image, starts after the first frame', async () => {
    const { frame, task } = controlledWindow();
    page('<main></main>');
    startWhenPainted(window);
    await flush();
    frame();
    task();
    expect(linked()).toHaveLength(3);
  });

  it('in a hidden tab, which produces no frames, starts at the load event', async () => {
    controlledWindow();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    page('<img fetchpriority="high" src="/images/shirt.jpg">');
    startWhenPainted(window);
    await flush();
    expect(linked()).toEqual([]);
    window.dispatchEvent(new Event('load'));
    expect(linked()).toHaveLength(3);
  });

  it('in a visible tab, waits for the frame even when the load event comes first', async () => {
    const { frame, task } = controlledWindow();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    page('<img fetchpriority="high" src="/images/shirt.jpg">');
    startWhenPainted(window);
    window.dispatchEvent(new Event('load'));
    await flush();
    expect(linked()).toEqual([]);
    frame();
    task();
    expect(linked()).toHaveLength(3);
  });
});
