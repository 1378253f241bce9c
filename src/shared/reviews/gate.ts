/**
 * The reviews feature gate (docs/behaviour/reviews.md#feature-gate): reviews are on when the site has the review test
 * flag, or the marketplace-import flag together with the store setting productReviewsEnabled.
 * The flags live in the site's `website.settings` (site file and database):
 *
 *   "settings": {
 *     "featureFlags": { "reviewsTest": false, "marketplaceImport": true },
 *     "storeSettings": { "productReviewsEnabled": true }
 *   }
 *
 * Both objects are open: other features keep their own flags and store settings beside these.
 */
import { z } from 'zod';

export const featureFlagsSetting = z.looseObject({
  /** The review test flag: reviews on whatever the store settings say. */
  reviewsTest: z.boolean().optional(),
  /** The marketplace-import flag: reviews on when the store enables them. */
  marketplaceImport: z.boolean().optional(),
});

export const storeSettingsSetting = z.looseObject({
  productReviewsEnabled: z.boolean().optional(),
});

/** The reviews keys of `website.settings`; each optional, other settings are left alone. */
export const reviewSettingsShape = {
  featureFlags: featureFlagsSetting.optional(),
  storeSettings: storeSettingsSetting.optional(),
};

const reviewSettingsSchema = z.looseObject(reviewSettingsShape);

/**
 * Whether reviews are on for a site's stored settings. Settings that no longer parse (edited
 * outside the importer) count as off: a gate fails closed.
 */
export function reviewsEnabled(settings: unknown): boolean {
  const parsed = reviewSettingsSchema.safeParse(settings ?? {});
  if (!parsed.success) return false;
  const flags = parsed.data.featureFlags ?? {};
  if (flags.reviewsTest === true) return true;
  return (
    flags.marketplaceImport === true && parsed.data.storeSettings?.productReviewsEnabled === true
  );
}
