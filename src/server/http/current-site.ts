/**
 * Which site a request is for. A Vitrine process serves one site per database today; the
 * resolver caches it, so a request costs no site query.
 *
 * Freshness: `invalidate()` drops the cached site at once (the import and the owner edit
 * endpoints call it after the change, naming it). On PostgreSQL the change also reaches every
 * other process (a `vitrine import` next to the server, a second server behind a load balancer)
 * as a notification within a second (http/site-changes.ts); the cached site is re-read after
 * SITE_CACHE_TTL_MS too, the safety net for a lost notice. Every reload yields a new CurrentSite
 * object, so caches keyed by it (the page renderer's site context) follow without a
 * notification of their own.
 *
 * A stock change (an order that took counted stock, a cancel, a restock) is named 'stock' and
 * keeps the loaded site: it moves the resolver's stock version instead, and only what shows stock
 * (product, collection and home pages, the HTML kept of them) is read again
 * (docs/adr/004-page-and-island-caches.md). In a flash sale each order would otherwise empty the
 * page caches of every process.
 */
import { DEFAULT_SITE_CACHE_TTL_MS } from '../config.ts';
import { getSite, type Database } from '../db/index.ts';

export const DEFAULT_LANGUAGE = 'en-US';

/** How long a process trusts its cached site without an invalidate() (SITE_CACHE_TTL_MS). */
export const SITE_CACHE_TTL_MS = DEFAULT_SITE_CACHE_TTL_MS;

export interface CurrentSite {
  readonly id: string;
  readonly title: string;
  readonly currency: string;
  readonly timeZone: string;
  /** BCP 47 language tag of the site; en-US when absent (sites made by hand in tests). */
  readonly language?: string;
  /** The site's stored settings as imported (store, captcha, feature flags, …); {} when absent. */
  readonly settings?: Readonly<Record<string, unknown>>;
}

/** What an edit changed, as told to every process (http/site-changes.ts). */
export interface SiteChange {
  readonly siteId: string;
  readonly what: SiteChangeKind;
}

export const SITE_CHANGE_KINDS = ['site', 'settings', 'catalog', 'stock', 'import'] as const;
export type SiteChangeKind = (typeof SITE_CHANGE_KINDS)[number];

export interface SiteResolver {
  current(): Promise<CurrentSite | undefined>;
  /**
   * Drops the cached site in this process (a 'stock' change moves the stock version instead);
   * with a change named, every other process on the database is told too (on PostgreSQL).
   */
  invalidate(change?: SiteChange): void;
  /**
   * Moves on every stock change this process makes or hears of: what was read at another
   * version and shows stock is read again. Unchanged by a reload, which drops everything anyway.
   */
  stockVersion(): number;
}

export interface SiteResolverOptions {
  /** Defaults to SITE_CACHE_TTL_MS. */
  readonly ttlMs?: number;
  /** The clock, for tests. */
  readonly now?: () => number;
}

export function createSiteResolver(
  database: Database,
  options: SiteResolverOptions = {},
): SiteResolver {
  const ttlMs = options.ttlMs ?? SITE_CACHE_TTL_MS;
  const now = options.now ?? Date.now;
  let cached: Promise<CurrentSite | undefined> | undefined;
  let loadedAt = 0;
  let stock = 0;
  return {
    current() {
      if (cached && now() - loadedAt < ttlMs) return cached;
      const loading = getSite(database.db).then((site) =>
        site
          ? {
              id: site.id,
              title: site.title,
              currency: site.settings.currency,
              timeZone: site.settings.timeZone,
              language: site.settings.language || DEFAULT_LANGUAGE,
              settings: site.settings,
            }
          : undefined,
      );
      // A failed lookup is not cached: the next request tries again.
      void loading.catch(() => {
        if (cached === loading) cached = undefined;
      });
      cached = loading;
      loadedAt = now();
      return loading;
    },
    invalidate(change) {
      if (change?.what === 'stock') stock += 1;
      else cached = undefined;
    },
    stockVersion: () => stock,
  };
}
