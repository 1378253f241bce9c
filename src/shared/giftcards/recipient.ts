/**
 * Who a gift card bought on the gift card page goes to: an email address and a message, both
 * optional (without an address the card comes to the buyer, in the order confirmation). The
 * form sends text; this turns it into the stored shape or the catalog's refusal.
 */
import { isValidEmail } from '../forms/email.ts';

/** Longest gift message; a card's note, not a letter. */
export const GIFT_MESSAGE_MAX_LENGTH = 500;

export interface GiftCardRecipient {
  readonly email: string;
  readonly message?: string;
}

export type RecipientResult =
  | { readonly ok: true; readonly recipient: GiftCardRecipient | undefined }
  | {
      readonly ok: false;
      readonly code: 'GIFT_CARD_RECIPIENT_INVALID' | 'GIFT_CARD_MESSAGE_TOO_LONG';
    };

export function readGiftCardRecipient(form: {
  readonly recipientEmail?: unknown;
  readonly giftMessage?: unknown;
}): RecipientResult {
  const email = typeof form.recipientEmail === 'string' ? form.recipientEmail.trim() : '';
  const message = typeof form.giftMessage === 'string' ? form.giftMessage.trim() : '';
  // Counted as people count characters, not UTF-16 units.
  if ([...message].length > GIFT_MESSAGE_MAX_LENGTH)
    return { ok: false, code: 'GIFT_CARD_MESSAGE_TOO_LONG' };
  if (email === '') {
    // A message with nobody to read it would be lost: it needs an address.
    return message === ''
      ? { ok: true, recipient: undefined }
      : { ok: false, code: 'GIFT_CARD_RECIPIENT_INVALID' };
  }
  if (!isValidEmail(email)) return { ok: false, code: 'GIFT_CARD_RECIPIENT_INVALID' };
  return { ok: true, recipient: message === '' ? { email } : { email, message } };
}
