/**
 * A store's checkout settings, kept in the site's `website.settings` (site file and database):
 * coupons, shipping rates and tax rules. Amounts are integer minor units of the store currency;
 * tax rates are basis points (875 = 8.75 %) so every computation stays in integers.
 */
import { z } from 'zod';

/** Largest amount accepted in settings: far above any real price, far below 2^53 / 10 000. */
export const MAX_SETTINGS_MINOR_UNITS = 100_000_000_00;

const amount = z
  .int('Must be a whole number of minor units (e.g. 500 for $5.00)')
  .min(0, 'Must not be negative')
  .max(MAX_SETTINGS_MINOR_UNITS);
const settingId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Must be 1–64 letters, digits, "_" or "-"');
const label = z.string().trim().min(1, 'Must not be empty').max(200);
/** ISO 3166-1 alpha-2, upper case ("US"). */
export const countryCode = z
  .string()
  .regex(/^[A-Z]{2}$/, 'Must be a two-letter country code such as "US"');
/** A region (state, province) code as the address carries it, compared case-insensitively. */
export const regionCode = z.string().trim().min(1).max(64);

export const COUPON_TYPES = ['PERCENTAGE', 'FIXED'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

export const couponSetting = z
  .strictObject({
    /** What shoppers type; matched without regard to case or surrounding spaces. */
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,40}$/, 'Must be 1–40 letters, digits, "_" or "-"'),
    type: z.enum(COUPON_TYPES),
    /** PERCENTAGE: whole percent off the eligible subtotal, 1–100. */
    percent: z.int().min(1).max(100).optional(),
    /** FIXED: minor units off, never more than the eligible subtotal. */
    amountCents: amount.min(1, 'Must be at least 1').optional(),
    /** The coupon applies only when the eligible subtotal reaches this. */
    minSubtotalCents: amount.optional(),
    /** ISO 8601 instant; the coupon stops applying at this moment. */
    expiresAt: z.iso.datetime({ offset: true }).optional(),
  })
  .superRefine((coupon, ctx) => {
    if (coupon.type === 'PERCENTAGE' && coupon.percent === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['percent'],
        message: 'A PERCENTAGE coupon needs percent',
      });
    }
    if (coupon.type === 'FIXED' && coupon.amountCents === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['amountCents'],
        message: 'A FIXED coupon needs amountCents',
      });
    }
  });
export type CouponSetting = z.infer<typeof couponSetting>;

export const shippingRateSetting = z.strictObject({
  id: settingId,
  name: label,
  amountCents: amount,
  /** Countries served; absent means everywhere. */
  countries: z.array(countryCode).min(1).optional(),
  /** Shipping costs nothing once the subtotal reaches this. */
  freeAboveSubtotalCents: amount.optional(),
});
export type ShippingRateSetting = z.infer<typeof shippingRateSetting>;

export const taxRuleSetting = z.strictObject({
  id: settingId,
  name: label,
  country: countryCode,
  /** Absent: the whole country; present: only addresses in this region. */
  region: regionCode.optional(),
  /** Basis points: 875 is 8.75 %. */
  rateBasisPoints: z.int().min(0).max(10_000),
  /** Whether shipping is taxed by this rule as well. */
  appliesToShipping: z.boolean().default(false),
});
export type TaxRuleSetting = z.infer<typeof taxRuleSetting>;

function uniqueBy<T>(key: (item: T) => string, what: string) {
  return (items: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const value = key(item);
      if (seen.has(value))
        ctx.addIssue({ code: 'custom', path: [index], message: `Duplicate ${what} "${value}"` });
      seen.add(value);
    });
  };
}

/** The checkout keys of `website.settings`; each optional, other settings are left alone. */
export const checkoutSettingsShape = {
  coupons: z
    .array(couponSetting)
    .max(500)
    .superRefine(uniqueBy((c) => c.code.toUpperCase(), 'coupon code'))
    .optional(),
  shippingRates: z
    .array(shippingRateSetting)
    .max(100)
    .superRefine(uniqueBy((r) => r.id, 'shipping rate id'))
    .optional(),
  taxRules: z
    .array(taxRuleSetting)
    .max(500)
    .superRefine(uniqueBy((r) => r.id, 'tax rule id'))
    .optional(),
};

export const checkoutSettingsSchema = z.looseObject(checkoutSettingsShape);

export interface CheckoutSettings {
  readonly coupons: readonly CouponSetting[];
  readonly shippingRates: readonly ShippingRateSetting[];
  readonly taxRules: readonly TaxRuleSetting[];
}

export const NO_CHECKOUT_SETTINGS: CheckoutSettings = {
  coupons: [],
  shippingRates: [],
  taxRules: [],
};

/**
 * Reads the checkout settings out of a site's stored settings. They were validated on import;
 * anything that no longer parses is reported to the caller rather than half-applied.
 */
export function readCheckoutSettings(
  settings: unknown,
): { ok: true; settings: CheckoutSettings } | { ok: false; error: z.ZodError } {
  const parsed = checkoutSettingsSchema.safeParse(settings ?? {});
  if (!parsed.success) return { ok: false, error: parsed.error };
  return {
    ok: true,
    settings: {
      coupons: parsed.data.coupons ?? [],
      shippingRates: parsed.data.shippingRates ?? [],
      taxRules: parsed.data.taxRules ?? [],
    },
  };
}
