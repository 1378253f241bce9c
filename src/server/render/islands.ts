/**
 * Server-side rendering of islands: the component's HTML wrapped in the island element that
 * carries its name, its props as inert JSON and its hydration directive, for the loader.
 */
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import {
  ISLAND_TAG,
  islandLoaders,
  type HydrationDirective,
  type IslandName,
} from '../../islands/registry.ts';
import { escapeHtml } from './escape-html.ts';

type IslandComponents = ReadonlyMap<IslandName, ComponentType<Record<string, unknown>>>;

/** Loads every island component once, so rendering a page never waits on an import. */
export async function loadIslandComponents(): Promise<IslandComponents> {
  const entries = await Promise.all(
    (Object.keys(islandLoaders) as IslandName[]).map(async (name) => {
      const module = await islandLoaders[name]();
      return [name, module.default as ComponentType<Record<string, unknown>>] as const;
    }),
  );
  return new Map(entries);
}

/** Collects the islands one page renders, so the page preloads exactly their chunks. */
export class IslandRenderer {
  readonly used = new Set<IslandName>();

  constructor(private readonly components: IslandComponents) {}

  render(name: IslandName, props: Record<string, unknown>, directive: HydrationDirective = 'load'): string {
    const component = this.components.get(name);
    if (!component) throw new Error(`Island ${name} is not loaded`);
    this.used.add(name);
    const html = renderToString(createElement(component, props));
    const json = escapeHtml(JSON.stringify(props));
    return `<${ISLAND_TAG} data-island="${name}" data-hydrate="${directive}" data-props="${json}">${html}</${ISLAND_TAG}>`;
  }
}
