/**
 * Bodies of the checkout calls: the quote (`POST /api/vitrine/checkout/quote`) and the order
 * (`POST /api/commerce/orders`). zod errors become 400 VALIDATION_FAILED with `fields` keyed by
 * the field's path (`shippingAddress.postalCode`), so the checkout page can mark each field.
 */
import { z } from 'zod';
import { postalCodeProblem, regionProblem } from './countries.ts';
import { countryCode } from './settings.ts';

export const EMAIL_MESSAGES = {
  blank: 'Email cannot be blank',
  invalid: 'Email is invalid',
} as const;

const required = (max: number) =>
  z.string('Required').trim().min(1, 'Required').max(max, `At most ${max} characters`);

export const email = z
  .string(EMAIL_MESSAGES.blank)
  .trim()
  .min(1, EMAIL_MESSAGES.blank)
  .max(254, EMAIL_MESSAGES.invalid)
  .pipe(z.email(EMAIL_MESSAGES.invalid));

/** The address's fields, each checked alone (the quote takes any of them). */
const addressFields = z.strictObject({
  name: required(200),
  line1: required(200),
  line2: z.string().trim().max(200, 'At most 200 characters').optional(),
  city: required(100),
  region: z.string().trim().max(64, 'At most 64 characters').optional(),
  postalCode: required(20),
  country: z
    .string('Required')
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(countryCode),
});
/**
 * An order's shipping address: the fields, then what only the country decides (its postal code
 * shape, and a state or province from its list where the country has one).
 */
export const shippingAddress = addressFields.superRefine((address, context) => {
  const postal = postalCodeProblem(address.country, address.postalCode);
  if (postal) context.addIssue({ code: 'custom', path: ['postalCode'], message: postal });
  const region = regionProblem(address.country, address.region);
  if (region) context.addIssue({ code: 'custom', path: ['region'], message: region });
});
export type ShippingAddress = z.infer<typeof shippingAddress>;

/** Codes the shopper typed: at most 10 of each, each a short token. */
const codes = (what: string) =>
  z
    .array(
      z
        .string(`Each ${what} must be text`)
        .trim()
        .min(1, `Empty ${what}`)
        .max(64, `${what} too long`),
    )
    .max(10, `At most 10 ${what}s`)
    .optional();

const shippingOptionId = z.string().min(1).max(64).optional();

export const PAYMENT_PROVIDERS = ['test', 'stripe'] as const;

export const orderRequest = z.strictObject({
  email,
  shippingAddress: shippingAddress.optional(),
  shippingOptionId,
  couponCodes: codes('coupon code'),
  giftCardCodes: codes('gift card code'),
  payment: z.strictObject({
    provider: z.enum(PAYMENT_PROVIDERS),
    /** The test provider's outcome; a hosted page (stripe) needs none. */
    token: z.string().min(1).max(200).optional(),
  }),
});
export type OrderRequest = z.infer<typeof orderRequest>;

/**
 * A quote may be asked before the shopper has typed everything: email and all address fields
 * but the country are optional, so totals can be shown from a country (and region) alone.
 */
export const quoteRequest = z.strictObject({
  email: email.optional(),
  shippingAddress: addressFields.partial().required({ country: true }).optional(),
  shippingOptionId,
  couponCodes: codes('coupon code'),
  giftCardCodes: codes('gift card code'),
});
export type QuoteRequest = z.infer<typeof quoteRequest>;

/** The Idempotency-Key header: 1–255 visible ASCII characters (RFC draft's recommendation). */
export const idempotencyKey = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/, 'Must be 1–255 visible characters');
