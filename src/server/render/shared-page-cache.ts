/**
 * The finished HTML of open pages as an anonymous visitor sees them, kept per loaded site so a
 * product page viewed again is neither templated nor hydrated-rendered again.
 *
 * An anonymous visitor (no cart, not signed in, not the site's owner) sees exactly what every
 * other anonymous visitor sees except the session's crumb, which plain HTML forms post back
 * (docs/behaviour/api-and-data-rules.md#sessions-and-csrf). The page is therefore rendered once with a placeholder crumb and kept split at
 * the placeholder; each view joins the pieces with the visitor's own crumb. Crumbs are base64url
 * HMACs (http/session.ts), which every escaper (HTML attribute, text, JSON in a script) leaves as
 * they are; a crumb of any other shape is never joined in, and its page is rendered afresh.
 *
 * Freshness is the page cache's (page-cache.ts, ADR 004): entries live in a map keyed by the
 * CurrentSite object, which the resolver replaces after an edit, an import or its TTL; a page
 * that shows stock is kept with the stock version it was rendered at and dropped once the
 * version has moved (a sale, a cancel), while pages without stock stay. A URL
 * with a query string is never kept (queries carry messages and selections, and a flood of
 * random ones must not evict the pages shoppers read); each site keeps at most `maxEntries`
 * pages, the least recently used dropped first.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { CurrentSite } from '../http/current-site.ts';

/** Pages kept per site: about 30 KB each, so the default stays near 15 MB a site. */
export const SHARED_PAGE_MAX_ENTRIES = 500;

/** What the HTML escapers leave untouched: http/session.ts makes crumbs of base64url. */
const PLAIN_TOKEN = /^[A-Za-z0-9_-]*$/;

export interface SharedPage {
  /** The HTML for this crumb. */
  readonly html: string;
  /** A strong-enough validator for exactly that HTML, without hashing the whole page again. */
  readonly etag: string;
}

interface KeptPage {
  readonly pieces: readonly string[];
  /** Hash of the HTML with the placeholder in it. */
  readonly digest: string;
  /** The stock version its stock was read at; undefined for a page that shows none. */
  readonly stock: number | undefined;
}

export interface SharedPageCache {
  /** The placeholder to render in place of the crumb. */
  readonly placeholder: string;
  /** Whether a crumb can be joined into a kept page (see the module comment). */
  acceptsCrumb(crumb: string): boolean;
  /**
   * The kept page at `key` with `crumb` joined in, or undefined (also when it shows stock read at
   * another version than `stock`).
   */
  get(site: CurrentSite, key: string, crumb: string, stock: number): SharedPage | undefined;
  /**
   * Keeps `html` (rendered with the placeholder) and returns it with `crumb` joined in. `stock`:
   * the stock version the page's stock was read at, or undefined when the page shows none.
   */
  keep(
    site: CurrentSite,
    key: string,
    html: string,
    crumb: string,
    stock: number | undefined,
  ): SharedPage;
}

function digestOf(text: string): string {
  return createHash('sha1').update(text).digest('base64url');
}

function withCrumb(page: KeptPage, crumb: string): SharedPage {
  return {
    html: page.pieces.join(crumb),
    // The crumb is the only part that varies, so the kept digest and the crumb identify the HTML.
    etag: `W/"${digestOf(`${page.digest}.${crumb}`)}"`,
  };
}

export function createSharedPageCache(
  maxEntries: number = SHARED_PAGE_MAX_ENTRIES,
): SharedPageCache {
  const bySite = new WeakMap<CurrentSite, Map<string, KeptPage>>();
  // Random per process, so no page content can contain it by chance or by design.
  const placeholder = `vitrine-crumb-${randomBytes(18).toString('hex')}`;
  return {
    placeholder,
    acceptsCrumb: (crumb) => PLAIN_TOKEN.test(crumb),
    get(site, key, crumb, stock) {
      const pages = bySite.get(site);
      const kept = pages?.get(key);
      if (!pages || !kept) return undefined;
      if (kept.stock !== undefined && kept.stock !== stock) {
        pages.delete(key);
        return undefined;
      }
      // Map order is insertion order: re-inserting marks the entry as the most recent.
      pages.delete(key);
      pages.set(key, kept);
      return withCrumb(kept, crumb);
    },
    keep(site, key, html, crumb, stock) {
      let pages = bySite.get(site);
      if (!pages) {
        pages = new Map();
        bySite.set(site, pages);
      }
      const kept: KeptPage = { pieces: html.split(placeholder), digest: digestOf(html), stock };
      pages.delete(key);
      pages.set(key, kept);
      if (pages.size > maxEntries) {
        const oldest = pages.keys().next();
        if (!oldest.done) pages.delete(oldest.value);
      }
      return withCrumb(kept, crumb);
    },
  };
}
