/**
 * Coupons typed at checkout → valid and invalid lists with reasons, and the discount. One
 * coupon applies per order: the first valid code in the order typed; later valid codes are
 * listed as invalid with the reason, so the shopper sees why they did not stack.
 */
import { toMoney } from '../money/to-money.ts';
import { applyPercent } from './money-math.ts';
import type { CouponSetting, CouponType } from './settings.ts';

export const COUPON_REASONS = {
  UNKNOWN: 'This coupon code is not valid.',
  EXPIRED: 'This coupon has expired.',
  MINIMUM_NOT_MET: 'This coupon needs a subtotal of at least {amount}.',
  ONE_PER_ORDER: 'Only one coupon can be used per order.',
  NOT_APPLICABLE: 'This coupon does not apply to gift cards.',
} as const;
export type CouponReason = keyof typeof COUPON_REASONS;

export interface ValidCoupon {
  readonly code: string;
  readonly type: CouponType;
  readonly percent: number | null;
  readonly amountCents: number | null;
  readonly discountCents: number;
}

export interface InvalidCoupon {
  readonly code: string;
  readonly reason: CouponReason;
  readonly message: string;
}

export interface CouponResult {
  /** The distinct codes typed, normalised (trimmed, upper case). */
  readonly coupons: string[];
  readonly validCoupons: ValidCoupon[];
  readonly invalidCoupons: InvalidCoupon[];
  readonly discountCents: number;
}

export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * `eligibleSubtotalCents` is the subtotal of what a coupon may discount (everything but gift
 * cards); the discount never exceeds it.
 */
export function evaluateCoupons(
  available: readonly CouponSetting[],
  typed: readonly string[],
  context: { eligibleSubtotalCents: number; currency: string; now: Date },
): CouponResult {
  const coupons = [...new Set(typed.map(normalizeCouponCode).filter((code) => code !== ''))];
  const validCoupons: ValidCoupon[] = [];
  const invalidCoupons: InvalidCoupon[] = [];
  const invalid = (code: string, reason: CouponReason, message: string = COUPON_REASONS[reason]) =>
    invalidCoupons.push({ code, reason, message });

  for (const code of coupons) {
    const coupon = available.find((candidate) => normalizeCouponCode(candidate.code) === code);
    if (!coupon) {
      invalid(code, 'UNKNOWN');
    } else if (
      coupon.expiresAt !== undefined &&
      context.now.getTime() >= Date.parse(coupon.expiresAt)
    ) {
      invalid(code, 'EXPIRED');
    } else if (context.eligibleSubtotalCents === 0) {
      invalid(code, 'NOT_APPLICABLE');
    } else if (
      coupon.minSubtotalCents !== undefined &&
      context.eligibleSubtotalCents < coupon.minSubtotalCents
    ) {
      const money = toMoney(coupon.minSubtotalCents, context.currency);
      invalid(
        code,
        'MINIMUM_NOT_MET',
        COUPON_REASONS.MINIMUM_NOT_MET.replace('{amount}', `${money.value} ${money.currency}`),
      );
    } else if (validCoupons.length > 0) {
      invalid(code, 'ONE_PER_ORDER');
    } else {
      validCoupons.push({
        code,
        type: coupon.type,
        percent: coupon.percent ?? null,
        amountCents: coupon.amountCents ?? null,
        discountCents: couponDiscount(coupon, context.eligibleSubtotalCents),
      });
    }
  }
  return {
    coupons,
    validCoupons,
    invalidCoupons,
    discountCents: validCoupons.reduce((sum, coupon) => sum + coupon.discountCents, 0),
  };
}

function couponDiscount(coupon: CouponSetting, eligibleSubtotalCents: number): number {
  const raw =
    coupon.type === 'PERCENTAGE'
      ? applyPercent(eligibleSubtotalCents, coupon.percent ?? 0)
      : (coupon.amountCents ?? 0);
  return Math.min(raw, eligibleSubtotalCents);
}
