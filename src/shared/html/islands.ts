/**
 * What the server's island renderer and the browser's island loader agree on: the element that
 * wraps an island and how eagerly it hydrates. Shared, so neither side imports the other's code.
 */

/** How eagerly the loader hydrates an island (Astro's client directives). */
export type HydrationDirective = 'load' | 'idle' | 'visible' | 'interaction';

/** The element that wraps every island's server-rendered HTML. */
export const ISLAND_TAG = 'vitrine-island';
