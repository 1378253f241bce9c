import { describe, expect, it } from 'vitest';
import type { CurrentSite } from '../http/current-site.ts';
import { shapeSiteContext } from './site-context.ts';

const site: CurrentSite = {
  id: 'demo',
  title: 'Demo',
  currency: 'EUR',
  timeZone: 'Europe/Berlin',
  language: 'de-DE',
  settings: {
    templateVersion: '8',
    multipleQuantityAllowedForServices: true,
    captchaSettings: { siteKey: 'key-1', provider: 'altcha' },
    featureFlags: { reviewsTest: true, productBranching: true },
    storeSettings: { customSoldOutText: 'Ausverkauft', restockNotificationsEnabled: true },
    cookieSettings: { isCookieBannerEnabled: true, isRestrictiveCookiePolicyEnabled: true },
    navigationLinks: [
      { title: 'Mail', target: { type: 'email', to: 'shop@example.com', subject: 'Hi there' } },
      { title: 'Call', target: { type: 'phone', number: '+49 30 1234' } },
      { title: 'Bad', target: { type: 'url', url: 'javascript:alert(1)' } },
    ],
    localizedStrings: { addToCart: 'In den Warenkorb' },
  },
};

describe('shapeSiteContext', () => {
  const context = shapeSiteContext(site, [
    { title: 'Shop', fullUrl: '/shop' },
    { title: 'About', fullUrl: '/about' },
  ]);

  it('holds website and websiteSettings per docs/behaviour/templates.md#template-data', () => {
    expect(context.website).toEqual({
      id: 'demo',
      siteTitle: 'Demo',
      timeZone: 'Europe/Berlin',
      language: 'de-DE',
      currency: 'EUR',
      templateId: 'vitrine-default',
      templateVersion: '8',
      useCLDRMoneyFormat: true,
    });
    expect(context.websiteSettings).toEqual({
      timeZone: 'Europe/Berlin',
      useCLDRMoneyFormat: true,
      captchaSettings: { siteKey: 'key-1', provider: 'altcha' },
      multipleQuantityAllowedForServices: true,
      commentsEnabled: false,
      simpleLikingEnabled: false,
      shareButtonOptions: {},
      storeSettings: {
        selectedCurrency: 'EUR',
        customSoldOutText: 'Ausverkauft',
        soldOutDropdownDisabled: false,
        restockNotificationsEnabled: true,
        productReviewsEnabled: true,
        subscriptionKeepsOriginalUnit: false,
      },
    });
  });

  it('holds cookie settings, feature flags and localized strings', () => {
    expect(context.cookieSettings).toEqual({
      isCookieBannerEnabled: true,
      isRestrictiveCookiePolicyEnabled: true,
    });
    expect(context.featureFlags).toMatchObject({
      reviews: true,
      productBranching: true,
      payLaterTeaser: false,
    });
    expect(context.localizedStrings.addToCart).toBe('In den Warenkorb');
    expect(context.localizedStrings.subscribe).toBe('Subscribe');
  });

  it("lists the content pages, then the settings' links rendered by their target", () => {
    expect(context.navigation).toEqual([
      { title: 'Shop', href: '/shop', newWindow: false },
      { title: 'About', href: '/about', newWindow: false },
      { title: 'Mail', href: 'mailto:shop@example.com?subject=Hi%20there', newWindow: false },
      { title: 'Call', href: 'tel:+49301234', newWindow: false },
      { title: 'Bad', href: undefined, newWindow: false },
    ]);
  });

  it('has no captcha key when captcha is off, and defaults for a site without settings', () => {
    const bare = shapeSiteContext({ id: 'x', title: 'X', currency: 'USD', timeZone: 'UTC' }, []);
    expect(bare.website.language).toBe('en-US');
    expect(bare.websiteSettings.captchaSettings.siteKey).toBeUndefined();
    expect(bare.navigation).toEqual([]);
  });
});
