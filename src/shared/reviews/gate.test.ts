import { describe, expect, it } from 'vitest';
import { reviewsEnabled } from './gate.ts';

describe('reviewsEnabled (docs/behaviour/reviews.md#feature-gate)', () => {
  it('is on with the review test flag alone', () => {
    expect(reviewsEnabled({ featureFlags: { reviewsTest: true } })).toBe(true);
  });

  it('is on with the marketplace-import flag and productReviewsEnabled together', () => {
    expect(
      reviewsEnabled({
        featureFlags: { marketplaceImport: true },
        storeSettings: { productReviewsEnabled: true },
      }),
    ).toBe(true);
  });

  it('is off with only one of the marketplace-import flag and productReviewsEnabled', () => {
    expect(reviewsEnabled({ featureFlags: { marketplaceImport: true } })).toBe(false);
    expect(reviewsEnabled({ storeSettings: { productReviewsEnabled: true } })).toBe(false);
    expect(
      reviewsEnabled({
        featureFlags: { marketplaceImport: true },
        storeSettings: { productReviewsEnabled: false },
      }),
    ).toBe(false);
  });

  it('is off with no settings, and fails closed on settings that do not parse', () => {
    expect(reviewsEnabled({})).toBe(false);
    expect(reviewsEnabled(undefined)).toBe(false);
    expect(reviewsEnabled({ featureFlags: { reviewsTest: 'yes' } })).toBe(false);
    expect(reviewsEnabled({ featureFlags: 'on' })).toBe(false);
  });

  it('ignores other flags and settings beside its own', () => {
    expect(
      reviewsEnabled({ featureFlags: { reviewsTest: true, payLater: false }, coupons: [] }),
    ).toBe(true);
  });
});
