import { describe, expect, it } from 'vitest';
import { COUPON_REASONS, evaluateCoupons, normalizeCouponCode } from './coupons.ts';
import type { CouponSetting } from './settings.ts';

const coupons: CouponSetting[] = [
  { code: 'Welcome10', type: 'PERCENTAGE', percent: 10 },
  { code: 'FIVE', type: 'FIXED', amountCents: 500, minSubtotalCents: 2_000 },
  { code: 'BIG', type: 'FIXED', amountCents: 50_000 },
  { code: 'OLD', type: 'PERCENTAGE', percent: 50, expiresAt: '2026-01-01T00:00:00Z' },
  { code: 'ALL', type: 'PERCENTAGE', percent: 100 },
];
const context = {
  eligibleSubtotalCents: 3_333,
  currency: 'USD',
  now: new Date('2025-12-31T23:59:59Z'),
};

describe('evaluateCoupons', () => {
  it('applies a percentage rounded half up, matching codes without regard to case or spaces', () => {
    const result = evaluateCoupons(coupons, [' welcome10 '], context);
    expect(result.coupons).toEqual(['WELCOME10']);
    expect(result.validCoupons).toEqual([
      { code: 'WELCOME10', type: 'PERCENTAGE', percent: 10, amountCents: null, discountCents: 333 },
    ]);
    expect(result.discountCents).toBe(333);
    expect(
      evaluateCoupons(coupons, ['WELCOME10'], { ...context, eligibleSubtotalCents: 3_335 })
        .discountCents,
    ).toBe(334);
  });

  it('applies a fixed amount, never more than the eligible subtotal', () => {
    expect(evaluateCoupons(coupons, ['five'], context).discountCents).toBe(500);
    expect(evaluateCoupons(coupons, ['BIG'], context).discountCents).toBe(3_333);
    expect(evaluateCoupons(coupons, ['ALL'], context).discountCents).toBe(3_333);
  });

  it('explains unknown, expired, below-minimum and stacked codes', () => {
    const result = evaluateCoupons(coupons, ['nope', 'OLD', 'FIVE', 'WELCOME10', 'BIG', 'nope'], {
      ...context,
      eligibleSubtotalCents: 1_999,
      now: new Date('2026-02-01T00:00:00Z'),
    });
    expect(result.coupons).toEqual(['NOPE', 'OLD', 'FIVE', 'WELCOME10', 'BIG']);
    expect(result.validCoupons.map((c) => c.code)).toEqual(['WELCOME10']);
    expect(result.invalidCoupons).toEqual([
      { code: 'NOPE', reason: 'UNKNOWN', message: 'This coupon code is not valid.' },
      { code: 'OLD', reason: 'EXPIRED', message: 'This coupon has expired.' },
      {
        code: 'FIVE',
        reason: 'MINIMUM_NOT_MET',
        message: 'This coupon needs a subtotal of at least 20.00 USD.',
      },
      { code: 'BIG', reason: 'ONE_PER_ORDER', message: 'Only one coupon can be used per order.' },
    ]);
    expect(result.discountCents).toBe(200);
  });

  it('expires exactly at expiresAt', () => {
    const at = { ...context, now: new Date('2026-01-01T00:00:00Z') };
    expect(evaluateCoupons(coupons, ['OLD'], context).validCoupons).toHaveLength(1);
    expect(evaluateCoupons(coupons, ['OLD'], at).invalidCoupons[0]?.reason).toBe('EXPIRED');
  });

  it('meets the minimum at exactly the minimum', () => {
    expect(
      evaluateCoupons(coupons, ['FIVE'], { ...context, eligibleSubtotalCents: 2_000 })
        .discountCents,
    ).toBe(500);
  });

  it('does not discount a cart of gift cards only', () => {
    const result = evaluateCoupons(coupons, ['WELCOME10'], {
      ...context,
      eligibleSubtotalCents: 0,
    });
    expect(result.invalidCoupons).toEqual([
      { code: 'WELCOME10', reason: 'NOT_APPLICABLE', message: COUPON_REASONS.NOT_APPLICABLE },
    ]);
    expect(result.discountCents).toBe(0);
  });

  it('formats the minimum in the currency’s digits', () => {
    const result = evaluateCoupons(coupons, ['FIVE'], {
      ...context,
      currency: 'JPY',
      eligibleSubtotalCents: 10,
    });
    expect(result.invalidCoupons[0]?.message).toBe(
      'This coupon needs a subtotal of at least 2000 JPY.',
    );
  });

  it('normalises codes', () => {
    expect(normalizeCouponCode('  save-5 ')).toBe('SAVE-5');
  });
});
