import { describe, expect, it } from 'vitest';
import {
  allocateGiftCards,
  formatGiftCardCode,
  GIFT_CARD_ALPHABET,
  GIFT_CARD_CODE_LENGTH,
  giftCardCodeFromBytes,
  normalizeGiftCardCode,
} from './gift-cards.ts';

describe('gift card codes', () => {
  it('are 20 symbols without look-alikes, shown in groups of four', () => {
    const code = giftCardCodeFromBytes(
      new Uint8Array(Array.from({ length: 20 }, (_, i) => i * 13)),
    );
    expect(code).toHaveLength(GIFT_CARD_CODE_LENGTH);
    expect([...code].every((c) => GIFT_CARD_ALPHABET.includes(c))).toBe(true);
    expect(GIFT_CARD_ALPHABET).not.toMatch(/[01OIL]/);
    expect(formatGiftCardCode(code)).toMatch(/^(\w{4}-){4}\w{4}$/);
    expect(() => giftCardCodeFromBytes(new Uint8Array(3))).toThrow(RangeError);
  });

  it('are typed in any case with or without separators', () => {
    expect(normalizeGiftCardCode(' abcd-efgh ijkl ')).toBe('ABCDEFGHIJKL');
  });
});

describe('allocateGiftCards', () => {
  const cards = [
    { id: '1', code: 'AAAA', currency: 'USD', balanceCents: 2_000 },
    { id: '2', code: 'BBBB', currency: 'USD', balanceCents: 0 },
    { id: '3', code: 'CCCC', currency: 'EUR', balanceCents: 9_000 },
    { id: '4', code: 'DDDD', currency: 'USD', balanceCents: 9_000 },
  ];

  it('redeems partially and keeps the rest of the balance', () => {
    const result = allocateGiftCards(['aaaa'], cards, { totalCents: 1_500, currency: 'USD' });
    expect(result.redemptions).toEqual([
      { giftCardId: '1', code: 'AAAA', amountCents: 1_500, balanceAfterCents: 500 },
    ]);
    expect(result.amountDueCents).toBe(0);
    expect(result.giftCardCents).toBe(1_500);
  });

  it('lists unknown, empty and foreign-currency cards with reasons and skips cards not needed', () => {
    const result = allocateGiftCards(['zzzz', 'bbbb', 'cccc', 'aaaa', 'dddd', 'aaaa'], cards, {
      totalCents: 1_000,
      currency: 'USD',
    });
    expect(result.invalidGiftCards).toEqual([
      { code: 'ZZZZ', reason: 'UNKNOWN', message: 'This gift card code is not valid.' },
      { code: 'BBBB', reason: 'EMPTY', message: 'This gift card has no balance left.' },
      {
        code: 'CCCC',
        reason: 'CURRENCY',
        message: 'This gift card is in a different currency than the store.',
      },
    ]);
    expect(result.redemptions.map((r) => r.code)).toEqual(['AAAA']);
  });

  it('leaves the rest to the payment provider when the cards do not cover the total', () => {
    const result = allocateGiftCards(['AAAA'], cards, { totalCents: 5_000, currency: 'USD' });
    expect(result.amountDueCents).toBe(3_000);
    expect(result.redemptions[0]?.balanceAfterCents).toBe(0);
  });
});
