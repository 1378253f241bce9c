/**
 * Runs `hydrate` on the shopper's first interaction with an island: a pointer down, a focus or a
 * key inside it. Its code is not fetched before, so a control few shoppers use (a collection
 * card's quick view) costs the page nothing at load.
 *
 * A click that arrives before hydration has finished (a tap straight after the pointer down, or
 * Enter on a link) is held: its default action and every listener after this one are stopped,
 * and once hydration is over the same element is clicked again. The hydrated component then
 * handles it; if hydration failed, the browser's default (a link's navigation) happens, as it
 * does without JavaScript.
 */
const STARTERS = ['pointerdown', 'focusin', 'keydown'] as const;

function replay(target: Element): void {
  if (!target.isConnected) return;
  if (target instanceof HTMLElement) target.click();
  else target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
}

export function whenInteracted(element: HTMLElement, hydrate: () => Promise<unknown>): void {
  let started = false;
  let hydrated = false;
  let held: Element | null = null;

  const finish = () => {
    hydrated = true;
    for (const type of STARTERS) element.removeEventListener(type, start, true);
    element.removeEventListener('click', hold, true);
    const target = held;
    held = null;
    if (target) replay(target);
  };

  function start(): void {
    if (started) return;
    started = true;
    void hydrate().then(finish, finish);
  }

  // Registered before React's own listeners on the island element, so it runs first.
  function hold(event: Event): void {
    if (hydrated) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (event.target instanceof Element) held = event.target;
    start();
  }

  for (const type of STARTERS)
    element.addEventListener(type, start, { capture: true, passive: true });
  element.addEventListener('click', hold, true);
}
