/**
 * Keeps what lives at each path (resolve-page.ts `FoundPage`) for the life of the loaded site, so
 * a popular product page is read from the database once per site reload instead of on every view.
 *
 * Freshness follows the site resolver, like the site context: the cache is keyed by the
 * CurrentSite object, which the resolver replaces after `invalidate()` (the import and every
 * owner edit call it) or after its TTL (src/server/http/current-site.ts), so a change made in this
 * process shows at once and one made elsewhere after its change notice (docs/scaling.md), the TTL
 * bounding a lost one. A stock change keeps the site and moves the resolver's stock version: a
 * page that shows stock (`carriesStock`: product, product collection, home) found at another
 * version is looked up again, every other page stays (docs/adr/004-page-and-island-caches.md).
 * The cart refuses what is gone and the product form refreshes stock on load.
 *
 * Only open pages are kept. A path where nothing is published is looked up again, so a flood of
 * random paths cannot evict the pages shoppers read. A protected page (password or members) is
 * looked up again too, so a changed password or a newly locked collection guards it at once. Each site keeps at most `maxEntries` paths, the least recently used
 * dropped first. A failed lookup is not kept.
 */
import type { CurrentSite } from '../http/current-site.ts';
import type { FoundPage, PageFinder } from './resolve-page.ts';

/** Paths kept per site: the demo has a few dozen pages; a large catalog keeps its hot set. */
export const PAGE_CACHE_MAX_ENTRIES = 1_000;

interface Lookup {
  readonly found: Promise<FoundPage | undefined>;
  /** The stock version the lookup started at. */
  readonly stock: number;
  /** Known once the lookup settles; until then a moved stock version starts a new one. */
  carriesStock?: boolean;
}

export interface PageCacheOptions {
  /** The site resolver's stock version (current-site.ts); 0 for ever when not given. */
  readonly stockVersion?: () => number;
  readonly maxEntries?: number;
}

export function cachedPageFinder(find: PageFinder, options: PageCacheOptions = {}): PageFinder {
  const stockVersion = options.stockVersion ?? (() => 0);
  const maxEntries = options.maxEntries ?? PAGE_CACHE_MAX_ENTRIES;
  const bySite = new WeakMap<CurrentSite, Map<string, Lookup>>();
  return (site, path, origin) => {
    let pages = bySite.get(site);
    if (!pages) {
      pages = new Map();
      bySite.set(site, pages);
    }
    // The origin is part of the key: posts and events render absolute share links with it.
    const key = `${origin} ${path}`;
    const stock = stockVersion();
    const known = pages.get(key);
    if (known && (known.stock === stock || known.carriesStock === false)) {
      // Map order is insertion order: re-inserting marks the entry as the most recent.
      pages.delete(key);
      pages.set(key, known);
      return known.found;
    }
    const lookup: Lookup = { found: find(site, path, origin), stock };
    const cache = pages;
    cache.delete(key);
    cache.set(key, lookup);
    const forget = () => {
      if (cache.get(key) === lookup) cache.delete(key);
    };
    lookup.found.then((found) => {
      if (found === undefined || found.protection !== undefined) forget();
      else lookup.carriesStock = found.page.carriesStock === true;
    }, forget);
    if (cache.size > maxEntries) {
      const oldest = cache.keys().next();
      if (!oldest.done) cache.delete(oldest.value);
    }
    return lookup.found;
  };
}
