/**
 * The hydration loader: finds every island element on the page and hydrates it with
 * hydrateRoot when its directive says so (load: now; idle: when the main thread is idle;
 * visible: when it scrolls into view; interaction: on the first pointer down, focus, key or click
 * inside it, its chunk fetched only then). A failure is reported, never thrown at the shopper.
 * It also fetches the header menu's state script on the shopper's first reach for its button.
 */
import { createElement, type ReactNode, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ISLAND_TAG, type HydrationDirective } from '../shared/html/islands.ts';
import { isIslandName, loadIsland } from './registry.ts';
import { whenInteracted } from './when-interacted.ts';
import { whenVisible } from './when-visible.ts';

/** Dispatched on the island element when hydration fails or React recovers from a mismatch. */
export const ISLAND_ERROR_EVENT = 'vitrine:island-error';

function report(element: HTMLElement, error: unknown): void {
  element.dataset.hydrated = 'error';
  element.dispatchEvent(new CustomEvent(ISLAND_ERROR_EVENT, { bubbles: true, detail: { error } }));
  console.error(`Island ${element.dataset.island ?? '?'} failed to hydrate`, error);
}

/** Renders no DOM of its own, so the tree matches the server's; marks the island once mounted. */
function HydrationMarker({
  element,
  onMounted,
  children,
}: {
  element: HTMLElement;
  onMounted: () => void;
  children: ReactNode;
}) {
  useEffect(() => {
    if (element.dataset.hydrated !== 'error') element.dataset.hydrated = 'true';
    onMounted();
  }, [element, onMounted]);
  return children;
}

/** Settles once the island is hydrated (its effects have run) or has failed. */
async function hydrate(element: HTMLElement): Promise<void> {
  const name = element.dataset.island ?? '';
  try {
    if (!isIslandName(name)) throw new Error(`Unknown island "${name}"`);
    const props: unknown = JSON.parse(element.dataset.props ?? '{}');
    const component = await loadIsland(name);
    await new Promise<void>((settled) => {
      hydrateRoot(
        element,
        createElement(HydrationMarker, {
          element,
          onMounted: settled,
          children: createElement(component, props as Record<string, unknown>),
        }),
        {
          onRecoverableError: (error) => report(element, error),
          onCaughtError: (error) => report(element, error),
          onUncaughtError: (error) => {
            report(element, error);
            settled();
          },
        },
      );
    });
  } catch (error) {
    report(element, error);
  }
}

const DIRECTIVES: readonly HydrationDirective[] = ['load', 'idle', 'visible', 'interaction'];

function toDirective(value: string | undefined): HydrationDirective {
  return DIRECTIVES.find((directive) => directive === value) ?? 'load';
}

function schedule(element: HTMLElement): void {
  const directive = toDirective(element.dataset.hydrate);
  const run = () => void hydrate(element);
  switch (directive) {
    case 'idle':
      if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 2000 });
      else setTimeout(run, 200);
      return;
    case 'visible':
      whenVisible(element, run);
      return;
    case 'interaction':
      whenInteracted(element, () => hydrate(element));
      return;
    case 'load':
      run();
      return;
  }
}

export function hydrateIslands(root: ParentNode = document): void {
  for (const element of root.querySelectorAll<HTMLElement>(`${ISLAND_TAG}[data-island]`)) {
    schedule(element);
  }
}

hydrateIslands();
// The header's menu button is no island, but its state script comes the way an interaction
// island's code does: on the shopper's first reach for the button (src/clients/site-menu/). The
// menu opens without script, and this loader starts after the first paint
// (src/clients/script-start/): a menu the shopper opened before then is followed at once.
const menuButton = document.querySelector('[data-site-menu-button]');
if (menuButton instanceof HTMLElement) {
  const followMenu = () => import('../clients/site-menu/index.ts');
  const menu = document.getElementById(menuButton.getAttribute('commandfor') ?? '');
  if (menu instanceof HTMLDialogElement && menu.open) void followMenu();
  else whenInteracted(menuButton, followMenu);
}
