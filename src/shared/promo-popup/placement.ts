/**
 * Where the promotional popup may appear: on the pages its setting names ("all", "home", or a
 * list of paths where "/shop/*" stands for everything under /shop), and only on pages a visitor
 * browses. Never on the lock screen, the checkout, order and other confirmation pages, the cart,
 * error pages or the unsubscribe page: there it would stand between the visitor and a task.
 */
import type { PromoPopupPages } from './settings.ts';

/** Page types (docs/behaviour/storefront-pages.md#page-types) the popup may cover: collections, pages, items, search. */
export const POPUP_PAGE_TYPES: ReadonlySet<number> = new Set([1, 2, 3, 50, 102]);

export const HOME_PATH = '/';

/** "/shop/" and "/shop" are one page. */
export function normalizePagePath(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return trimmed === '' ? HOME_PATH : trimmed;
}

function matchesPath(pattern: string, path: string): boolean {
  if (pattern.endsWith('/*')) {
    const base = normalizePagePath(pattern.slice(0, -2));
    return base === HOME_PATH || path === base || path.startsWith(`${base}/`);
  }
  return normalizePagePath(pattern) === path;
}

export function popupShownOn(pages: PromoPopupPages, pageType: number, path: string): boolean {
  if (!POPUP_PAGE_TYPES.has(pageType)) return false;
  const page = normalizePagePath(path);
  if (pages === 'all') return true;
  if (pages === 'home') return page === HOME_PATH;
  return pages.some((pattern) => matchesPath(pattern, page));
}
