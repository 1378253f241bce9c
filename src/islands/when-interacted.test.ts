// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenInteracted } from './when-interacted.ts';

function island(): { element: HTMLElement; link: HTMLAnchorElement } {
  const element = document.createElement('vitrine-island');
  element.innerHTML = '<a href="/shop/p/linen-shirt">Quick View<span>: Linen Shirt</span></a>';
  document.body.append(element);
  const link = element.querySelector('a');
  if (!link) throw new Error('no link');
  return { element, link };
}

/** A hydration the test finishes when it chooses. */
function deferredHydration() {
  let finish: () => void = () => undefined;
  const hydrate = vi.fn(
    () =>
      new Promise<void>((resolve) => {
        finish = resolve;
      }),
  );
  return { hydrate, finish: () => finish() };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('whenInteracted', () => {
  it('does not hydrate before the shopper interacts', async () => {
    const { element } = island();
    const { hydrate } = deferredHydration();
    whenInteracted(element, hydrate);
    await flush();
    expect(hydrate).not.toHaveBeenCalled();
  });

  it.each(['pointerdown', 'focusin', 'keydown'])('hydrates once on the first %s inside', (type) => {
    const { element, link } = island();
    const { hydrate } = deferredHydration();
    whenInteracted(element, hydrate);
    link.dispatchEvent(new Event(type, { bubbles: true }));
    link.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(hydrate).toHaveBeenCalledTimes(1);
  });

  it('holds a click made before hydration and clicks the same element again once hydrated', async () => {
    const { element, link } = island();
    const { hydrate, finish } = deferredHydration();
    whenInteracted(element, hydrate);
    const target = link.querySelector('span') as HTMLElement;
    const seen: { defaultPrevented: boolean; sameTarget: boolean }[] = [];
    // Stands for the component's own listener: added after the loader's, as React's are.
    element.addEventListener('click', (event) => {
      seen.push({ defaultPrevented: event.defaultPrevented, sameTarget: event.target === target });
      event.preventDefault();
    });
    const first = new MouseEvent('click', { bubbles: true, cancelable: true });
    target.dispatchEvent(first);
    // Neither the link's navigation nor the component's handler saw the early click.
    expect(first.defaultPrevented).toBe(true);
    expect(seen).toEqual([]);
    expect(hydrate).toHaveBeenCalledTimes(1);
    finish();
    await flush();
    expect(seen).toEqual([{ defaultPrevented: false, sameTarget: true }]);
    // Later clicks go straight through.
    target.click();
    expect(seen).toHaveLength(2);
  });

  it('replays the held click even when hydration failed, so the link can do its default', async () => {
    const { element, link } = island();
    whenInteracted(element, () => Promise.reject(new Error('chunk failed')));
    const clicks: boolean[] = [];
    link.addEventListener('click', (event) => {
      clicks.push(event.defaultPrevented);
      event.preventDefault();
    });
    link.click();
    expect(clicks).toEqual([]);
    await flush();
    expect(clicks).toEqual([false]);
  });

  it('lets clicks through untouched once hydration has finished', async () => {
    const { element, link } = island();
    const { hydrate, finish } = deferredHydration();
    whenInteracted(element, hydrate);
    link.dispatchEvent(new Event('focusin', { bubbles: true }));
    finish();
    await flush();
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    let handled = false;
    link.addEventListener('click', (event) => {
      handled = true;
      event.preventDefault();
    });
    link.dispatchEvent(click);
    expect(handled).toBe(true);
    expect(hydrate).toHaveBeenCalledTimes(1);
  });
});
