/**
 * The storefront's feature flags per site, as templates and islands read them
 * (`featureFlags.reviews`, …). Reviews follow the reviews gate (src/shared/reviews/gate.ts);
 * the others are the site's `settings.featureFlags` booleans, off unless set to true.
 */
import { reviewsEnabled } from '../reviews/gate.ts';
import type { SiteContextSettings } from './settings.ts';

export interface FeatureFlags {
  readonly reviews: boolean;
  readonly payLaterTeaser: boolean;
  readonly visitorMetrics: boolean;
  readonly analyticsPurchaseEvents: boolean;
  readonly formHandler: boolean;
  readonly productBranching: boolean;
}

export function siteFeatureFlags(
  storedSettings: unknown,
  settings: Pick<SiteContextSettings, 'featureFlags'>,
): FeatureFlags {
  const flags = settings.featureFlags;
  return {
    reviews: reviewsEnabled(storedSettings),
    payLaterTeaser: flags.payLaterTeaser === true,
    visitorMetrics: flags.visitorMetrics === true,
    analyticsPurchaseEvents: flags.analyticsPurchaseEvents === true,
    formHandler: flags.formHandler === true,
    productBranching: flags.productBranching === true,
  };
}
