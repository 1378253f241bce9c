/**
 * The restock form's email check: blank first ('Email cannot be blank'), then the platform's
 * email rule from the forms module ('Email is invalid'), so browser and server agree exactly.
 * Addresses are kept trimmed and lower-cased: one person signing up as "Ann@X.com" and
 * "ann@x.com " is one sign-up, not two notices.
 */
import { isValidEmail } from '../forms/email.ts';
import { RESTOCK_MESSAGES } from './messages.ts';

export type RestockEmailCheck =
  | { readonly ok: true; readonly email: string }
  | { readonly ok: false; readonly reason: 'blank' | 'invalid'; readonly message: string };

export function normalizeRestockEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function checkRestockEmail(email: unknown): RestockEmailCheck {
  if (email === undefined || email === null || (typeof email === 'string' && email.trim() === '')) {
    return { ok: false, reason: 'blank', message: RESTOCK_MESSAGES.emailBlank };
  }
  if (typeof email !== 'string' || !isValidEmail(email.trim())) {
    return { ok: false, reason: 'invalid', message: RESTOCK_MESSAGES.emailInvalid };
  }
  return { ok: true, email: normalizeRestockEmail(email) };
}
