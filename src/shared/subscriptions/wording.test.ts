import { describe, expect, it } from 'vitest';
import {
  billingFrequency,
  durationPhrase,
  planDuration,
  readSubscriptionPlan,
  subscriptionWording,
  wordingKey,
  type BillingUnit,
  type SubscriptionPlan,
} from './wording.ts';

const plan = (value: number, unit: BillingUnit, numBillingCycles = 0): SubscriptionPlan => ({
  billingPeriod: { value, unit },
  numBillingCycles,
});

describe('billing frequency', () => {
  it("says 'every week', 'every month', 'every year' and 'every {n} weeks'", () => {
    expect(billingFrequency(plan(1, 'WEEK'))).toBe('every week');
    expect(billingFrequency(plan(1, 'MONTH'))).toBe('every month');
    expect(billingFrequency(plan(1, 'YEAR'))).toBe('every year');
    expect(billingFrequency(plan(2, 'WEEK'))).toBe('every 2 weeks');
    expect(billingFrequency(plan(3, 'MONTH'))).toBe('every 3 months');
  });
});

describe('duration', () => {
  it('counts 52 weeks or 12 months as a year when the total divides evenly', () => {
    expect(planDuration(plan(2, 'WEEK', 26))).toEqual({ value: 1, unit: 'YEAR' });
    expect(planDuration(plan(1, 'MONTH', 24))).toEqual({ value: 2, unit: 'YEAR' });
    expect(planDuration(plan(1, 'MONTH', 6))).toEqual({ value: 6, unit: 'MONTH' });
    expect(planDuration(plan(1, 'WEEK', 10))).toEqual({ value: 10, unit: 'WEEK' });
  });

  it('keeps the original unit when asked', () => {
    expect(planDuration(plan(1, 'MONTH', 24), { keepOriginalUnit: true })).toEqual({
      value: 24,
      unit: 'MONTH',
    });
  });

  it('has none for a plan that runs until cancelled', () => {
    expect(planDuration(plan(1, 'MONTH', 0))).toBeNull();
  });

  it("says 'for {d} years' and '1 year'", () => {
    expect(durationPhrase({ value: 2, unit: 'YEAR' })).toBe('for 2 years');
    expect(durationPhrase({ value: 1, unit: 'YEAR' })).toBe('for 1 year');
  });
});

describe('wording', () => {
  it('joins frequency and duration', () => {
    expect(subscriptionWording(plan(2, 'WEEK', 26))).toBe('every 2 weeks for 1 year');
    expect(subscriptionWording(plan(1, 'MONTH', 36))).toBe('every month for 3 years');
    expect(subscriptionWording(plan(1, 'MONTH'))).toBe('every month');
  });

  it('names the localized-string key of the wording', () => {
    expect(wordingKey('single', plan(2, 'WEEK', 26))).toBe(
      'productPrice__singlePrice__nWeekly__limited__1Year',
    );
    expect(wordingKey('from', plan(1, 'MONTH'))).toBe(
      'productPrice__fromPrice__1Monthly__indefinite',
    );
    expect(wordingKey('single', plan(1, 'MONTH', 6))).toBe(
      'productPrice__singlePrice__1Monthly__limited__nMonths',
    );
  });
});

describe('readSubscriptionPlan', () => {
  it('reads template data, upper-casing the unit', () => {
    expect(
      readSubscriptionPlan({ billingPeriod: { value: 2, unit: 'week' }, numBillingCycles: 4 }),
    ).toEqual(plan(2, 'WEEK', 4));
    expect(readSubscriptionPlan({ billingPeriod: { value: 1, unit: 'MONTH' } })).toEqual(
      plan(1, 'MONTH'),
    );
  });

  it('refuses unusable plans', () => {
    expect(readSubscriptionPlan(null)).toBeNull();
    expect(readSubscriptionPlan({ billingPeriod: { value: 0, unit: 'WEEK' } })).toBeNull();
    expect(readSubscriptionPlan({ billingPeriod: { value: 1, unit: 'DAY' } })).toBeNull();
    expect(readSubscriptionPlan({})).toBeNull();
  });
});
