import { describe, expect, it } from 'vitest';
import { GIFT_MESSAGE_MAX_LENGTH, readGiftCardRecipient } from './recipient.ts';

describe('readGiftCardRecipient', () => {
  it('is nobody when both fields are empty or absent: the card comes to the buyer', () => {
    expect(readGiftCardRecipient({})).toEqual({ ok: true, recipient: undefined });
    expect(readGiftCardRecipient({ recipientEmail: '  ', giftMessage: '' })).toEqual({
      ok: true,
      recipient: undefined,
    });
  });

  it('keeps a trimmed address and message', () => {
    expect(
      readGiftCardRecipient({ recipientEmail: ' ada@example.com ', giftMessage: ' Happy day! ' }),
    ).toEqual({ ok: true, recipient: { email: 'ada@example.com', message: 'Happy day!' } });
    expect(readGiftCardRecipient({ recipientEmail: 'ada@example.com' })).toEqual({
      ok: true,
      recipient: { email: 'ada@example.com' },
    });
  });

  it('refuses an address that is not one, and a message without an address', () => {
    expect(readGiftCardRecipient({ recipientEmail: 'ada at example' })).toEqual({
      ok: false,
      code: 'GIFT_CARD_RECIPIENT_INVALID',
    });
    expect(readGiftCardRecipient({ giftMessage: 'For you' })).toEqual({
      ok: false,
      code: 'GIFT_CARD_RECIPIENT_INVALID',
    });
  });

  it(`takes a message of ${GIFT_MESSAGE_MAX_LENGTH} characters (emoji count once), not one more`, () => {
    const longest = '🎁'.repeat(GIFT_MESSAGE_MAX_LENGTH);
    expect(
      readGiftCardRecipient({ recipientEmail: 'ada@example.com', giftMessage: longest }),
    ).toEqual({ ok: true, recipient: { email: 'ada@example.com', message: longest } });
    expect(
      readGiftCardRecipient({ recipientEmail: 'ada@example.com', giftMessage: `${longest}!` }),
    ).toEqual({ ok: false, code: 'GIFT_CARD_MESSAGE_TOO_LONG' });
  });
});
