import { describe, expect, it } from 'vitest';
import { ERRORS } from '../errors.ts';
import { subscriptionRefusal } from './purchase-rules.ts';

const monthly = { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 };

describe('subscriptionRefusal', () => {
  it('allows subscribable physical and service products', () => {
    expect(
      subscriptionRefusal({ productType: 1, isSubscribable: true, subscriptionPlan: monthly }),
    ).toBeUndefined();
    expect(
      subscriptionRefusal({ productType: 3, isSubscribable: true, subscriptionPlan: monthly }),
    ).toBeUndefined();
  });

  it('refuses digital, gift card, paywall and unknown types with the spec rule', () => {
    for (const productType of [2, 4, 5, 9]) {
      expect(
        subscriptionRefusal({ productType, isSubscribable: true, subscriptionPlan: monthly }),
      ).toBe('SUBSCRIPTION_TYPE_NOT_ALLOWED');
    }
    expect(ERRORS.SUBSCRIPTION_TYPE_NOT_ALLOWED.message).toBe(
      'Subscriptions are allowed only for physical and service products.',
    );
  });

  it('refuses products not sold as a subscription or without a usable plan', () => {
    expect(
      subscriptionRefusal({ productType: 1, isSubscribable: false, subscriptionPlan: null }),
    ).toBe('NOT_SUBSCRIBABLE');
    expect(
      subscriptionRefusal({
        productType: 1,
        isSubscribable: true,
        subscriptionPlan: { billingPeriod: { value: 0, unit: 'MONTH' } },
      }),
    ).toBe('NOT_SUBSCRIBABLE');
  });
});
