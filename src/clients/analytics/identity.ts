/**
 * Who the visitor is and where they are in their visit (docs/behaviour/analytics.md#cookies-and-identity): the census visitor
 * cookie ss_cvr, the analytics id ss_cid (390 days, mirrored in local storage under an id and an
 * expiration key), the visit count ss_cvisit (about 2 years), the visit timing ss_cvt and the
 * pages of this visit ss_cpvisit (30 minutes of quiet end a visit), the session id cookie, and
 * the first-landing and first-session flags in storage. Under cookie restriction nothing is kept:
 * the tracking cookies are cleared and the ids live only as long as the page.
 */
import {
  RESTRICTED_TRACKING_COOKIES,
  VISIT_TIMEOUT_MS,
  VISITOR_COOKIE,
} from '../../shared/analytics/limits.ts';
import { clearCookie, days, randomId, setCookie, storage } from './browser-state.ts';
import { readCookie } from './page-values.ts';

export const ANALYTICS_ID_COOKIE = 'ss_cid';
export const ANALYTICS_ID_LIFETIME_DAYS = 390;
export const ANALYTICS_ID_STORAGE_KEY = 'ss_cid';
export const ANALYTICS_ID_EXPIRATION_KEY = 'ss_cid_expiration';
export const VISIT_COUNT_COOKIE = 'ss_cvisit';
export const VISIT_TIMING_COOKIE = 'ss_cvt';
export const VISIT_PAGES_COOKIE = 'ss_cpvisit';
export const SESSION_ID_COOKIE = 'ss_sid';
/** About two years: the visit count and the census visitor cookie. */
export const LONG_COOKIE_DAYS = 730;
export const FIRST_LANDING_KEY = 'ss_first_landing';
export const FIRST_SESSION_KEY = 'ss_first_session';
export const ANALYTICS_ID_WARNING = 'Unable to store the analytics id.';

export interface Identity {
  readonly visitorId: string;
  readonly analyticsId: string;
  readonly sessionId: string;
  /** The first page of this browser session. */
  readonly firstLanding: boolean;
  /** The visitor's first session on the site. */
  readonly firstSession: boolean;
}

/** Clears the tracking cookies of docs/behaviour/analytics.md#cookies-and-identity (and the session id, which is one too). */
export function clearTrackingCookies(): void {
  for (const name of [...RESTRICTED_TRACKING_COOKIES, SESSION_ID_COOKIE]) clearCookie(name);
}

/** Ids for one page only, when cookies are restricted: nothing is read or written. */
export function pageOnlyIdentity(): Identity {
  const id = randomId();
  return {
    visitorId: id,
    analyticsId: id,
    sessionId: id,
    firstLanding: true,
    firstSession: true,
  };
}

function analyticsId(now: number, local: Storage | undefined): string {
  let id = readCookie(ANALYTICS_ID_COOKIE);
  if (!id && local) {
    const stored = local.getItem(ANALYTICS_ID_STORAGE_KEY);
    if (stored && Number(local.getItem(ANALYTICS_ID_EXPIRATION_KEY)) > now) id = stored;
  }
  id ??= randomId();
  setCookie(ANALYTICS_ID_COOKIE, id, days(ANALYTICS_ID_LIFETIME_DAYS));
  try {
    if (!local) throw new Error('no storage');
    local.setItem(ANALYTICS_ID_STORAGE_KEY, id);
    local.setItem(
      ANALYTICS_ID_EXPIRATION_KEY,
      String(now + days(ANALYTICS_ID_LIFETIME_DAYS) * 1000),
    );
  } catch {
    console.warn(ANALYTICS_ID_WARNING);
  }
  return id;
}

/** Reads or creates every id of the visitor and counts this page view into the visit. */
export function establishIdentity(now = Date.now()): Identity {
  const local = storage('localStorage');
  const session = storage('sessionStorage');
  const visitorId = readCookie(VISITOR_COOKIE) ?? randomId();
  setCookie(VISITOR_COOKIE, visitorId, days(LONG_COOKIE_DAYS));
  // The visit-timing cookie outlives 30 minutes of quiet only: present means the same visit.
  const sameVisit = readCookie(VISIT_TIMING_COOKIE) !== undefined;
  const visitCount = (Number(readCookie(VISIT_COUNT_COOKIE)) || 0) + (sameVisit ? 0 : 1);
  const pagesThisVisit = sameVisit ? (Number(readCookie(VISIT_PAGES_COOKIE)) || 0) + 1 : 1;
  const visitSeconds = VISIT_TIMEOUT_MS / 1000;
  setCookie(VISIT_COUNT_COOKIE, String(visitCount), days(LONG_COOKIE_DAYS));
  setCookie(VISIT_PAGES_COOKIE, String(pagesThisVisit), visitSeconds);
  setCookie(VISIT_TIMING_COOKIE, String(now), visitSeconds);
  const sessionId = readCookie(SESSION_ID_COOKIE) ?? randomId();
  setCookie(SESSION_ID_COOKIE, sessionId);
  let firstLanding = true;
  let firstSession = true;
  try {
    firstLanding = session?.getItem(FIRST_LANDING_KEY) == null;
    session?.setItem(FIRST_LANDING_KEY, sessionId);
    const first = local?.getItem(FIRST_SESSION_KEY);
    firstSession = first == null || first === sessionId;
    if (first == null) local?.setItem(FIRST_SESSION_KEY, sessionId);
  } catch {
    // A full or refused storage only loses the flags.
  }
  return {
    visitorId,
    analyticsId: analyticsId(now, local),
    sessionId,
    firstLanding,
    firstSession,
  };
}
