// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_EVENT, CONSENT_STORAGE_KEY, readConsent, saveConsent } from './consent.ts';
import { startAnalytics } from './start.ts';
import { analyticsState } from './state.ts';
import {
  installCookieJar,
  installFetch,
  pageValues,
  type JarCookie,
  type Post,
} from './testing/fakes.ts';

let jar: Map<string, JarCookie>;
let posts: Post[];

beforeEach(() => {
  jar = installCookieJar();
  ({ posts } = installFetch());
  localStorage.clear();
  sessionStorage.clear();
  document.body.innerHTML = '';
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const paths = () => posts.map((post) => post.url);
const trackingCookies = () => [...jar.keys()].filter((name) => name.startsWith('ss_'));

describe('starting the analytics of a page', () => {
  it('records the page view, button renders and clicks, form renders and overlay views', async () => {
    document.body.innerHTML =
      '<a data-census-button="cta-1" href="#">Shop</a><form data-form-id="contact"></form>';
    startAnalytics(pageValues());
    document.querySelector('a')?.click();
    document.dispatchEvent(
      new CustomEvent('vitrine:overlay-view', { detail: { overlayId: 'promo' } }),
    );
    await Promise.resolve();
    expect(paths()).toEqual([
      '/api/census/RecordHit',
      '/api/census/button-render',
      '/api/census/form-render',
      '/api/census/button-click',
      '/api/census/overlay',
    ]);
    expect(posts[1]?.fields.buttonId).toBe('cta-1');
    expect(posts[2]?.fields.formId).toBe('contact');
    expect(posts[4]?.fields.overlayId).toBe('promo');
    // The overlay is a page of its own type (104), over the page it opened on.
    expect(posts[4]?.fields.pageType).toBe('104');
    expect(posts[4]?.fields.pagePath).toBe(location.pathname);
    expect(posts[0]?.fields.visitorCookie).toBe(jar.get('ss_cvr')?.value);
    expect(analyticsState()?.values.websiteId).toBe('vitrine-demo');
  });

  it('sends no form render when the site’s form handler is off', () => {
    document.body.innerHTML = '<form data-form-id="contact"></form>';
    startAnalytics(pageValues({ formHandler: false }));
    expect(paths()).toEqual(['/api/census/RecordHit']);
  });

  it('records nothing and sets no cookie where the gates say no', () => {
    startAnalytics(pageValues({ visitorMetrics: false }));
    startAnalytics(pageValues({ pageType: 100 }));
    startAnalytics(pageValues({ signedIn: true, websiteRoles: [1] }));
    expect(posts).toEqual([]);
    expect(jar.size).toBe(0);
  });

  it('under cookie restriction clears the tracking cookies and records with page-only ids', () => {
    jar.set('ss_cvr', { value: 'old', maxAge: 1 });
    jar.set('ss_cid', { value: 'old', maxAge: 1 });
    startAnalytics(pageValues({ restrictiveCookies: true, cookieBanner: true }));
    expect(trackingCookies()).toEqual([]);
    expect(paths()).toEqual(['/api/census/RecordHit']);
    expect(posts[0]?.fields.visitorCookie).toMatch(/^[0-9a-f]{32}$/);
  });

  it('follows the banner: accepting sets the cookies, declining clears them', () => {
    startAnalytics(pageValues({ restrictiveCookies: true, cookieBanner: true }));
    saveConsent('accepted');
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBe('accepted');
    expect(trackingCookies()).toEqual(
      expect.arrayContaining(['ss_cvr', 'ss_cid', 'ss_cvisit', 'ss_cvt', 'ss_cpvisit']),
    );
    window.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail: { consent: 'declined' } }));
    expect(trackingCookies()).toEqual([]);
  });

  it('a stored acceptance lifts the restriction on later pages', () => {
    saveConsent('accepted');
    expect(readConsent()).toBe('accepted');
    startAnalytics(pageValues({ restrictiveCookies: true, cookieBanner: true }));
    expect(trackingCookies()).toContain('ss_cvr');
  });
});
