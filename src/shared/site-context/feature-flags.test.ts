import { describe, expect, it } from 'vitest';
import { siteFeatureFlags } from './feature-flags.ts';
import { readSiteContextSettings } from './settings.ts';

const flagsOf = (stored: Record<string, unknown>) =>
  siteFeatureFlags(stored, readSiteContextSettings(stored));

describe('siteFeatureFlags', () => {
  it('are all off for a site that sets none', () => {
    expect(flagsOf({})).toEqual({
      reviews: false,
      payLaterTeaser: false,
      visitorMetrics: false,
      analyticsPurchaseEvents: false,
      formHandler: false,
      productBranching: false,
    });
  });

  it('reads each flag from settings.featureFlags; reviews follow the reviews gate', () => {
    expect(
      flagsOf({
        featureFlags: {
          marketplaceImport: true,
          payLaterTeaser: true,
          visitorMetrics: true,
          analyticsPurchaseEvents: true,
          formHandler: true,
          productBranching: true,
        },
        storeSettings: { productReviewsEnabled: true },
      }),
    ).toEqual({
      reviews: true,
      payLaterTeaser: true,
      visitorMetrics: true,
      analyticsPurchaseEvents: true,
      formHandler: true,
      productBranching: true,
    });
    expect(flagsOf({ featureFlags: { marketplaceImport: true } }).reviews).toBe(false);
  });
});
