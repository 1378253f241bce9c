/**
 * Server-side rendering of islands: the component's HTML wrapped in the island element that
 * carries its name, its props as inert JSON and its hydration directive, for the loader.
 */
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import {
  ISLAND_TAG,
  isIslandName,
  islandLoaders,
  loadIsland,
  type HydrationDirective,
  type IslandName,
} from '../../islands/registry.ts';
import { escapeHtml } from '../../shared/html/escape-html.ts';

type IslandComponents = ReadonlyMap<IslandName, ComponentType<Record<string, unknown>>>;

/** Loads every island component once, so rendering a page never waits on an import. */
export async function loadIslandComponents(): Promise<IslandComponents> {
  const entries = await Promise.all(
    (Object.keys(islandLoaders) as IslandName[]).map(
      async (name) => [name, await loadIsland(name)] as const,
    ),
  );
  return new Map(entries);
}

export class IslandRenderer {
  constructor(private readonly components: IslandComponents) {}

  render(
    name: IslandName,
    props: Record<string, unknown>,
    directive: HydrationDirective = 'load',
  ): string {
    const component = this.components.get(name);
    if (!component) throw new Error(`Island ${name} is not loaded`);
    const html = renderToString(createElement(component, props));
    const json = escapeHtml(JSON.stringify(props));
    return `<${ISLAND_TAG} data-island="${name}" data-hydrate="${directive}" data-props="${json}">${html}</${ISLAND_TAG}>`;
  }
}

const ISLAND_MARKER = new RegExp(`<${ISLAND_TAG} data-island="([A-Za-z]+)"`, 'g');

/** The islands a rendered page carries, read back from its HTML, so it links exactly their chunks. */
export function islandsIn(html: string): Set<IslandName> {
  const names = new Set<IslandName>();
  for (const match of html.matchAll(ISLAND_MARKER)) {
    const name = match[1];
    if (name !== undefined && isIslandName(name)) names.add(name);
  }
  return names;
}
