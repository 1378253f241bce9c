/**
 * A part of a hydrated island whose code is fetched only when the shopper reaches for it
 * (src/islands/README.md): the cart page's extra-field answers editor, its pay-later teaser.
 *
 * The server has the code before it renders (the island module's `preload`, awaited by
 * server/render/islands.ts), so the part is in the page's HTML inside a Suspense boundary. In the
 * browser the island hydrates without it: the boundary stays as the server's HTML (its plain
 * forms still post) until `load()` has fetched the code, then React hydrates it in place.
 *
 * A boundary that is still server HTML must not be rendered again with other props, or React
 * gives up hydrating it and shows the empty fallback instead. So, until the code has arrived,
 * the part ignores a re-render of its parent whose props carry the same data (functions aside:
 * nothing can call them before hydration). An island passes what changes at hydration (its
 * `hydrated` flag) only once `load()` has settled.
 */
import { createElement, memo, Suspense, use, type ComponentType } from 'react';

export interface DeferredPart<P extends object> {
  /** Renders the part: its server HTML until its code is here, then the component. */
  readonly Part: ComponentType<P>;
  /** Fetches the code (once; again after a failure). */
  load(): Promise<void>;
  /** Whether the code is here. */
  loaded(): boolean;
}

/** Same props but for functions: values compared as JSON (props of islands are JSON data). */
function sameData(before: object, after: object): boolean {
  const keys = Object.keys(before);
  if (keys.length !== Object.keys(after).length) return false;
  return keys.every((key) => {
    const a: unknown = Reflect.get(before, key);
    const b: unknown = Reflect.get(after, key);
    if (typeof a === 'function' && typeof b === 'function') return true;
    return a === b || JSON.stringify(a) === JSON.stringify(b);
  });
}

export function deferredPart<P extends object>(
  importer: () => Promise<ComponentType<P>>,
): DeferredPart<P> {
  let component: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });

  function load(): Promise<void> {
    loading ??= importer().then(
      (loadedComponent) => {
        component = loadedComponent;
        arrive();
      },
      (error: unknown) => {
        // A later reach for the part tries again; its server HTML stands meanwhile.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  }

  function Content(props: P) {
    // Suspends until the code is here: the boundary keeps the server's HTML meanwhile.
    if (component === undefined) use(arrived);
    return component === undefined ? null : createElement(component, props);
  }

  const Part = memo(
    function DeferredBoundary(props: P) {
      return (
        <Suspense fallback={null}>
          <Content {...props} />
        </Suspense>
      );
    },
    (before, after) => component === undefined && sameData(before, after),
  );

  return { Part, load, loaded: () => component !== undefined };
}
