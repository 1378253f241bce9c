import { describe, expect, it } from 'vitest';
import { analyticsAllowed, cookiesRestricted, pageViewRecorded } from './gating.ts';
import { pageValues } from './testing/fakes.ts';

describe('analytics gating (docs/behaviour/analytics.md#who-is-counted)', () => {
  it('records visitors who are not signed in', () => {
    expect(analyticsAllowed(pageValues(), '/')).toBe(true);
  });

  it('records a signed-in viewer outside config pages only, and no other signed-in role', () => {
    const viewer = pageValues({ signedIn: true, websiteRoles: [10] });
    expect(analyticsAllowed(viewer, '/shop')).toBe(true);
    expect(analyticsAllowed(viewer, '/config/pages')).toBe(false);
    expect(analyticsAllowed(pageValues({ signedIn: true, websiteRoles: [1] }), '/')).toBe(false);
    expect(analyticsAllowed(pageValues({ signedIn: true, websiteRoles: [10, 4] }), '/')).toBe(
      false,
    );
    expect(analyticsAllowed(pageValues({ signedIn: true, websiteRoles: [] }), '/')).toBe(false);
  });

  it('records nothing when census is disabled or the site turned visitor metrics off', () => {
    expect(analyticsAllowed(pageValues({ censusDisabled: true }), '/')).toBe(false);
    expect(analyticsAllowed(pageValues({ visitorMetrics: false }), '/')).toBe(false);
  });

  it('records nothing on not-found, lock-screen and member-access-denied pages', () => {
    // 105 is the lock screen a password-locked page shows; 103 the site-wide one.
    for (const pageType of [100, 103, 105, 106]) {
      expect(analyticsAllowed(pageValues({ pageType }), '/x')).toBe(false);
      expect(pageViewRecorded(pageValues({ pageType }), '/x')).toBe(false);
    }
    expect(analyticsAllowed(pageValues({ pageType: 50 }), '/x')).toBe(true);
  });

  it('records no page view on /search, but other analytics there', () => {
    const search = pageValues({ pageType: 102 });
    expect(analyticsAllowed(search, '/search')).toBe(true);
    expect(pageViewRecorded(search, '/search')).toBe(false);
    expect(pageViewRecorded(pageValues(), '/search-tips')).toBe(true);
  });

  it('restricts cookies on a cloneable site, or under the restrictive policy without consent', () => {
    expect(cookiesRestricted(pageValues(), undefined)).toBe(false);
    expect(cookiesRestricted(pageValues({ cloneable: true }), 'accepted')).toBe(true);
    const restrictive = pageValues({ restrictiveCookies: true, cookieBanner: true });
    expect(cookiesRestricted(restrictive, undefined)).toBe(true);
    expect(cookiesRestricted(restrictive, 'declined')).toBe(true);
    expect(cookiesRestricted(restrictive, 'accepted')).toBe(false);
    const noBanner = pageValues({ restrictiveCookies: true, cookieBanner: false });
    expect(cookiesRestricted(noBanner, 'accepted')).toBe(true);
  });
});
