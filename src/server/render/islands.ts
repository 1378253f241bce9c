/**
 * Server-side rendering of islands: the component's HTML wrapped in the island element that
 * carries its name, its props as inert JSON and its hydration directive, for the loader.
 */
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import {
  isIslandName,
  islandLoaders,
  loadIslandWithParts,
  type IslandName,
} from '../../islands/registry.ts';
import { ISLAND_TAG, type HydrationDirective } from '../../shared/html/islands.ts';
import { escapeHtml } from '../../shared/html/escape-html.ts';

type IslandComponents = ReadonlyMap<IslandName, ComponentType<Record<string, unknown>>>;

/**
 * Loads every island component once, with the parts the browser fetches later, so rendering a
 * page never waits on an import.
 */
export async function loadIslandComponents(): Promise<IslandComponents> {
  const entries = await Promise.all(
    (Object.keys(islandLoaders) as IslandName[]).map(
      async (name) => [name, await loadIslandWithParts(name)] as const,
    ),
  );
  return new Map(entries);
}

/** Distinct island renders kept: each product's form, the cart count at each quantity, … */
export const ISLAND_HTML_CACHE_ENTRIES = 2_000;

/**
 * Renders islands to HTML. Server rendering is a pure function of the component and its props
 * (effects never run on the server), so the HTML of each distinct (island, props, directive) is
 * kept, least recently used dropped first: the cart count of an empty cart or a product's form
 * is rendered once, not on every page view.
 */
export class IslandRenderer {
  private readonly rendered = new Map<string, string>();

  constructor(
    private readonly components: IslandComponents,
    private readonly maxEntries: number = ISLAND_HTML_CACHE_ENTRIES,
  ) {}

  render(
    name: IslandName,
    props: Record<string, unknown>,
    directive: HydrationDirective = 'load',
  ): string {
    const json = JSON.stringify(props);
    const key = `${name}\0${directive}\0${json}`;
    const known = this.rendered.get(key);
    if (known !== undefined) {
      // Re-inserted: Map order is insertion order, so the oldest key is the least recent.
      this.rendered.delete(key);
      this.rendered.set(key, known);
      return known;
    }
    const component = this.components.get(name);
    if (!component) throw new Error(`Island ${name} is not loaded`);
    const html = renderToString(createElement(component, props));
    const element = `<${ISLAND_TAG} data-island="${name}" data-hydrate="${directive}" data-props="${escapeHtml(json)}">${html}</${ISLAND_TAG}>`;
    this.rendered.set(key, element);
    if (this.rendered.size > this.maxEntries) {
      const oldest = this.rendered.keys().next();
      if (!oldest.done) this.rendered.delete(oldest.value);
    }
    return element;
  }
}

const ISLAND_MARKER = new RegExp(`<${ISLAND_TAG} data-island="([A-Za-z]+)"`, 'g');
const PRELOADED_ISLAND_MARKER = new RegExp(
  `<${ISLAND_TAG} data-island="([A-Za-z]+)" data-hydrate="load"`,
  'g',
);

/** The islands a rendered page carries, read back from its HTML, so it links exactly their chunks. */
export function islandsIn(html: string, marker: RegExp = ISLAND_MARKER): Set<IslandName> {
  const names = new Set<IslandName>();
  for (const match of html.matchAll(marker)) {
    const name = match[1];
    if (name !== undefined && isIslandName(name)) names.add(name);
  }
  return names;
}

/**
 * The islands whose chunks the page preloads: those hydrated at load only. The code of an island
 * hydrated when idle, on visibility or on interaction is fetched when it hydrates, so it never
 * competes with the product image and the first islands for a slow link (an island also placed
 * with the 'load' directive is preloaded all the same).
 */
export function preloadedIslandsIn(html: string): Set<IslandName> {
  return islandsIn(html, PRELOADED_ISLAND_MARKER);
}
