/**
 * Whether this page view may be recorded, and whether tracking cookies are allowed: never on
 * not-found, lock-screen (site-wide or a locked page's) and member-access-denied pages, no
 * page-view hit on /search; only for visitors not signed in, or whose only website role is
 * viewer outside config pages; not when census is disabled or the site's visitor metrics are off.
 */
import type { PageValues } from './page-values.ts';

export const NOT_FOUND_PAGE = 100;
export const LOCK_SCREEN_PAGE = 103;
/** A password-locked page or collection shows its own lock screen under this type. */
export const PROTECTED_CONTENT_PAGE = 105;
export const MEMBER_ACCESS_DENIED_PAGE = 106;
/** Pages that stand in front of content the visitor has not reached: nothing is recorded. */
const UNRECORDED_PAGES = [
  NOT_FOUND_PAGE,
  LOCK_SCREEN_PAGE,
  PROTECTED_CONTENT_PAGE,
  MEMBER_ACCESS_DENIED_PAGE,
];
export const SEARCH_PATH = '/search';
export const VIEWER_ROLE = 10;
/** The builder's configuration screens; a viewer browsing them is not a visitor. */
export const CONFIG_PATH_PREFIX = '/config';

export type Consent = 'accepted' | 'declined' | undefined;

export function analyticsAllowed(values: PageValues, path: string): boolean {
  if (!values.visitorMetrics || values.censusDisabled) return false;
  if (UNRECORDED_PAGES.includes(values.pageType)) return false;
  if (!values.signedIn) return true;
  const onlyViewer =
    values.websiteRoles.length > 0 && values.websiteRoles.every((role) => role === VIEWER_ROLE);
  return onlyViewer && !path.startsWith(CONFIG_PATH_PREFIX);
}

/** A page view is recorded on every allowed page except the search page. */
export function pageViewRecorded(values: PageValues, path: string): boolean {
  return analyticsAllowed(values, path) && path !== SEARCH_PATH;
}

/**
 * Cookie restriction: a cloneable site, or the restrictive policy with the banner off or
 * without the visitor's consent.
 */
export function cookiesRestricted(values: PageValues, consent: Consent): boolean {
  return (
    values.cloneable ||
    (values.restrictiveCookies && (!values.cookieBanner || consent !== 'accepted'))
  );
}
