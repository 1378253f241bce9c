/**
 * The restock sign-up payload (docs/behaviour/restock.md#sign-up-payload): isJoinMailingList, productId,
 * siteVisitorEmail, variantId, optional captchaToken. JSON calls send booleans; the form without
 * JavaScript posts strings ("true", "on"), so both are read. The email is checked apart
 * (email.ts) so its two messages reach the visitor instead of a generic validation error.
 */
import { z } from 'zod';

const recordId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Must be an id');

/** A checkbox: true/false, or a form post's "true"/"on" (checked) and "false"/"" (unchecked). */
const checkbox = z
  .union([z.boolean(), z.enum(['true', 'on', 'false', ''])])
  .transform((value) => value === true || value === 'true' || value === 'on');

/** Longest captcha token accepted; an ALTCHA payload is a few hundred characters. */
export const MAX_CAPTCHA_TOKEN_LENGTH = 8192;

export const restockSignupPayload = z.object({
  isJoinMailingList: checkbox.default(false),
  productId: recordId,
  variantId: recordId,
  /** Checked by checkRestockEmail; only its type is fixed here. */
  siteVisitorEmail: z.string().max(1000).nullish(),
  captchaToken: z.string().max(MAX_CAPTCHA_TOKEN_LENGTH).nullish(),
});
export type RestockSignupPayload = z.output<typeof restockSignupPayload>;

/**
 * What the sign-up endpoint answers on success: the same for a new sign-up and a repeat, so the
 * answer never tells a stranger whether an address was already waiting for a variant.
 */
export interface RestockSignupResponse {
  readonly data: {
    readonly signedUp: true;
    readonly isJoinMailingList: boolean;
  };
}

/** What it answers on failure (docs/behaviour/restock.md#sign-up-payload: "Error responses carry data.message"). */
export interface RestockErrorResponse {
  readonly data: { readonly message: string };
}
