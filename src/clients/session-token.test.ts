// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import {
  csrfHeaders,
  sessionToken,
  storedXsrfToken,
  storeXsrfToken,
  XSRF_STORAGE_KEY,
} from './session-token.ts';

const EXPIRED = 'expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';

afterEach(() => {
  storeXsrfToken(null);
  document.cookie = `vitrine-user=; ${EXPIRED}`;
  document.cookie = `crumb=; ${EXPIRED}`;
});

describe('the session token of JSON writes', () => {
  it('is the crumb before any login, and nothing without a crumb', () => {
    expect(sessionToken()).toBeUndefined();
    expect(csrfHeaders()).toEqual({});
    document.cookie = 'crumb=c-1; path=/';
    expect(sessionToken()).toBe('c-1');
  });

  it("is the login's xsrfToken while the site-user marker says the login is current", () => {
    document.cookie = 'crumb=c-1; path=/';
    document.cookie = 'vitrine-user=1; path=/';
    storeXsrfToken('xsrf-1');
    expect(sessionToken()).toBe('xsrf-1');
    expect(csrfHeaders()).toEqual({ 'X-CSRF-Token': 'xsrf-1' });
  });

  it('forgets the xsrfToken once the login ended (in another tab), and sends the crumb', () => {
    document.cookie = 'crumb=c-2; path=/';
    document.cookie = 'vitrine-user=1; path=/';
    storeXsrfToken('xsrf-stale');
    document.cookie = `vitrine-user=; ${EXPIRED}`;
    expect(sessionToken()).toBe('c-2');
    expect(storedXsrfToken()).toBeNull();
    expect(sessionStorage.getItem(XSRF_STORAGE_KEY)).toBeNull();
  });
});
