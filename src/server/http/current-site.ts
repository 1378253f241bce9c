/**
 * Which site a request is for. A Vitrine process serves one site per database today; the
 * resolver caches it and is invalidated on import, so a request costs no site query.
 */
import type { Database } from '../db/index.ts';
import { getSite } from '../modules/catalog/queries.ts';

export interface CurrentSite {
  readonly id: string;
  readonly title: string;
  readonly currency: string;
  readonly timeZone: string;
}

export interface SiteResolver {
  current(): Promise<CurrentSite | undefined>;
  invalidate(): void;
}

export function createSiteResolver(database: Database): SiteResolver {
  let cached: Promise<CurrentSite | undefined> | undefined;
  return {
    current() {
      if (cached) return cached;
      const loading = getSite(database.db).then((site) =>
        site
          ? {
              id: site.id,
              title: site.title,
              currency: site.settings.currency,
              timeZone: site.settings.timeZone,
            }
          : undefined,
      );
      // A failed lookup is not cached: the next request tries again.
      void loading.catch(() => {
        if (cached === loading) cached = undefined;
      });
      cached = loading;
      return loading;
    },
    invalidate() {
      cached = undefined;
    },
  };
}
