import { describe, expect, it } from 'vitest';
import { websiteRecord } from '../site-file/records.ts';
import {
  readSiteContextSettings,
  servicesAllowMultipleQuantity,
  siteContextSettingsSchema,
  restockAutoSendEnabled,
  subscriptionWordingOptions,
} from './settings.ts';

describe('readSiteContextSettings', () => {
  it('gives every default for empty settings', () => {
    expect(readSiteContextSettings({})).toEqual({
      templateId: 'vitrine-default',
      templateVersion: '7.1',
      useCLDRMoneyFormat: true,
      multipleQuantityAllowedForServices: true,
      commentsEnabled: false,
      simpleLikingEnabled: false,
      shareButtonOptions: {},
      featureFlags: {},
      storeSettings: {},
      cookieSettings: { isCookieBannerEnabled: false, isRestrictiveCookiePolicyEnabled: false },
      payLater: { stripeAccountCountry: 'US', minCents: 100, maxCents: 200_000 },
      productMerchandising: {},
      navigationLinks: [],
      localizedStrings: {},
    });
    expect(readSiteContextSettings(null).templateVersion).toBe('7.1');
  });

  it('keeps valid keys and defaults only the key that does not parse', () => {
    const read = readSiteContextSettings({
      templateVersion: '8',
      multipleQuantityAllowedForServices: true,
      payLater: { minCents: 500, maxCents: 100 },
      featureFlags: { payLaterTeaser: true, reviewsTest: false },
      storeSettings: { customSoldOutText: 'Gone', productReviewsEnabled: true },
    });
    expect(read.templateVersion).toBe('8');
    expect(read.multipleQuantityAllowedForServices).toBe(true);
    expect(read.payLater).toEqual({ stripeAccountCountry: 'US', minCents: 100, maxCents: 200_000 });
    expect(read.featureFlags.payLaterTeaser).toBe(true);
    expect(read.storeSettings.customSoldOutText).toBe('Gone');
  });

  it('the import refuses malformed context settings with a path', () => {
    const result = siteContextSettingsSchema.safeParse({
      templateVersion: '9',
      productMerchandising: { linen: { scarcityThreshold: 0 } },
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining(['templateVersion', 'productMerchandising.linen.scarcityThreshold']),
    );
  });
});

describe('the site file import', () => {
  const website = { id: 'demo', title: 'Demo' };

  it('accepts the context settings beside the other settings', () => {
    const parsed = websiteRecord.safeParse({
      ...website,
      settings: {
        featureFlags: { marketplaceImport: true, payLaterTeaser: true },
        storeSettings: { productReviewsEnabled: true, restockNotificationsEnabled: true },
        navigationLinks: [{ title: 'Call', target: { type: 'phone', number: '+1 555 0100' } }],
      },
    });
    expect(parsed.success).toBe(true);
  });

  it('refuses malformed context settings, naming the setting', () => {
    const parsed = websiteRecord.safeParse({
      ...website,
      settings: {
        featureFlags: { payLaterTeaser: 'yes' },
        navigationLinks: [{ title: 'Bad', target: { type: 'ftp', url: 'x' } }],
      },
    });
    expect(parsed.success).toBe(false);
    const paths = parsed.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining([
        'settings.featureFlags.payLaterTeaser',
        'settings.navigationLinks.0.target.type',
      ]),
    );
  });
});

describe('servicesAllowMultipleQuantity', () => {
  it('allows more than one of a service unless the site says no', () => {
    expect(servicesAllowMultipleQuantity({})).toBe(true);
    expect(servicesAllowMultipleQuantity(undefined)).toBe(true);
    expect(servicesAllowMultipleQuantity({ multipleQuantityAllowedForServices: 'no' })).toBe(true);
    expect(servicesAllowMultipleQuantity({ multipleQuantityAllowedForServices: false })).toBe(
      false,
    );
  });
});

describe('subscriptionWordingOptions', () => {
  it('keeps the original unit only when storeSettings asks for it', () => {
    expect(subscriptionWordingOptions({})).toEqual({ keepOriginalUnit: false });
    expect(
      subscriptionWordingOptions({ storeSettings: { subscriptionKeepsOriginalUnit: true } }),
    ).toEqual({ keepOriginalUnit: true });
    expect(
      subscriptionWordingOptions({ storeSettings: { subscriptionKeepsOriginalUnit: 'yes' } }),
    ).toEqual({ keepOriginalUnit: false });
  });
});

describe('restockAutoSendEnabled', () => {
  it('is on unless the store sets it to false', () => {
    expect(restockAutoSendEnabled({})).toBe(true);
    expect(restockAutoSendEnabled({ storeSettings: {} })).toBe(true);
    expect(restockAutoSendEnabled({ storeSettings: { restockAutoSend: true } })).toBe(true);
    expect(restockAutoSendEnabled({ storeSettings: { restockAutoSend: false } })).toBe(false);
  });
});
