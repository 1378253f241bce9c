// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RESTRICTED_TRACKING_COOKIES } from '../../shared/analytics/limits.ts';
import { STORAGE_WARNING } from './browser-state.ts';
import {
  ANALYTICS_ID_EXPIRATION_KEY,
  ANALYTICS_ID_STORAGE_KEY,
  ANALYTICS_ID_WARNING,
  clearTrackingCookies,
  establishIdentity,
  FIRST_LANDING_KEY,
  FIRST_SESSION_KEY,
  pageOnlyIdentity,
} from './identity.ts';
import { installCookieJar, type JarCookie } from './testing/fakes.ts';

const DAY = 24 * 60 * 60;
let jar: Map<string, JarCookie>;

beforeEach(() => {
  jar = installCookieJar();
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('visitor identity (docs/behaviour/analytics.md#cookies-and-identity)', () => {
  it('sets the census visitor, analytics id, visit and session cookies with their lifetimes', () => {
    const identity = establishIdentity(1_000_000);
    expect(jar.get('ss_cvr')).toEqual({ value: identity.visitorId, maxAge: 730 * DAY });
    expect(jar.get('ss_cid')).toEqual({ value: identity.analyticsId, maxAge: 390 * DAY });
    expect(jar.get('ss_cvisit')).toEqual({ value: '1', maxAge: 730 * DAY });
    expect(jar.get('ss_cvt')).toEqual({ value: '1000000', maxAge: 30 * 60 });
    expect(jar.get('ss_cpvisit')).toEqual({ value: '1', maxAge: 30 * 60 });
    expect(jar.get('ss_sid')).toEqual({ value: identity.sessionId, maxAge: undefined });
    expect(identity.visitorId).toMatch(/^[0-9a-f]{32}$/);
  });

  it('keeps the analytics id in storage with its expiration, 390 days on', () => {
    const { analyticsId } = establishIdentity(5_000);
    expect(localStorage.getItem(ANALYTICS_ID_STORAGE_KEY)).toBe(analyticsId);
    expect(localStorage.getItem(ANALYTICS_ID_EXPIRATION_KEY)).toBe(
      String(5_000 + 390 * DAY * 1000),
    );
    // The cookie gone, the stored id comes back until it expires.
    jar.delete('ss_cid');
    expect(establishIdentity(6_000).analyticsId).toBe(analyticsId);
    // That renewed it for 390 days from 6000; on that day it has expired.
    jar.delete('ss_cid');
    expect(establishIdentity(6_000 + 390 * DAY * 1000).analyticsId).not.toBe(analyticsId);
  });

  it('counts a new visit after 30 minutes of quiet and the pages within a visit', () => {
    establishIdentity(0);
    establishIdentity(60_000);
    expect(jar.get('ss_cvisit')?.value).toBe('1');
    expect(jar.get('ss_cpvisit')?.value).toBe('2');
    // The visit-timing cookie has expired (the browser dropped it).
    jar.delete('ss_cvt');
    establishIdentity(31 * 60_000);
    expect(jar.get('ss_cvisit')?.value).toBe('2');
    expect(jar.get('ss_cpvisit')?.value).toBe('1');
  });

  it('keeps one session id per browser session, with first-landing and first-session flags', () => {
    const first = establishIdentity();
    expect(first).toMatchObject({ firstLanding: true, firstSession: true });
    expect(sessionStorage.getItem(FIRST_LANDING_KEY)).toBe(first.sessionId);
    expect(localStorage.getItem(FIRST_SESSION_KEY)).toBe(first.sessionId);
    const second = establishIdentity();
    expect(second).toMatchObject({
      sessionId: first.sessionId,
      firstLanding: false,
      firstSession: true,
    });
    // A new browser session: session cookie and session storage are gone.
    jar.delete('ss_sid');
    sessionStorage.clear();
    const later = establishIdentity();
    expect(later.sessionId).not.toBe(first.sessionId);
    expect(later).toMatchObject({ firstLanding: true, firstSession: false });
  });

  it('warns when storage is refused, and when the analytics id cannot be stored', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new Error('denied');
    });
    const identity = establishIdentity();
    expect(warn).toHaveBeenCalledWith(STORAGE_WARNING);
    expect(warn).toHaveBeenCalledWith(ANALYTICS_ID_WARNING);
    expect(jar.get('ss_cid')?.value).toBe(identity.analyticsId);
  });

  it('clears every restricted tracking cookie and the session id', () => {
    establishIdentity();
    jar.set('other', { value: 'kept', maxAge: undefined });
    clearTrackingCookies();
    expect([...jar.keys()]).toEqual(['other']);
    expect(RESTRICTED_TRACKING_COOKIES).toEqual([
      'ss_cid',
      'ss_cpvisit',
      'ss_cvisit',
      'ss_cvr',
      'ss_cvt',
    ]);
  });

  it('gives page-only ids under restriction, writing nothing', () => {
    const identity = pageOnlyIdentity();
    expect(identity.visitorId).toMatch(/^[0-9a-f]{32}$/);
    expect(jar.size).toBe(0);
    expect(localStorage.length).toBe(0);
  });
});
