/**
 * Gift card codes and redemption. Codes are 20 characters of an alphabet without look-alikes
 * (no 0/O, 1/I/L), shown in groups of four; shoppers may type them in any case, with or
 * without spaces and dashes. Redemption takes from each card in the order typed until the
 * amount due is covered; what a card does not spend stays on it.
 */

export const GIFT_CARD_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const GIFT_CARD_CODE_LENGTH = 20;

export const GIFT_CARD_REASONS = {
  UNKNOWN: 'This gift card code is not valid.',
  EMPTY: 'This gift card has no balance left.',
  CURRENCY: 'This gift card is in a different currency than the store.',
} as const;
export type GiftCardReason = keyof typeof GIFT_CARD_REASONS;

export function normalizeGiftCardCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

export function formatGiftCardCode(code: string): string {
  return normalizeGiftCardCode(code).replace(/(.{4})(?=.)/g, '$1-');
}

/** Builds a code from random bytes (the caller supplies them: shared code has no crypto). */
export function giftCardCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length < GIFT_CARD_CODE_LENGTH) {
    throw new RangeError(`need ${GIFT_CARD_CODE_LENGTH} random bytes, got ${bytes.length}`);
  }
  let code = '';
  // 31 symbols: a byte modulo 31 is very slightly biased (256 = 8×31+8); with 20 symbols the
  // code still carries about 98 bits, far beyond guessing.
  for (let i = 0; i < GIFT_CARD_CODE_LENGTH; i += 1) {
    code += GIFT_CARD_ALPHABET[(bytes[i] ?? 0) % GIFT_CARD_ALPHABET.length];
  }
  return code;
}

export interface StoredGiftCard {
  readonly id: string;
  /** Normalised code. */
  readonly code: string;
  readonly currency: string;
  readonly balanceCents: number;
}

export interface GiftCardRedemption {
  readonly giftCardId: string;
  readonly code: string;
  readonly amountCents: number;
  readonly balanceAfterCents: number;
}

export interface InvalidGiftCard {
  readonly code: string;
  readonly reason: GiftCardReason;
  readonly message: string;
}

export interface GiftCardAllocation {
  readonly redemptions: GiftCardRedemption[];
  readonly invalidGiftCards: InvalidGiftCard[];
  readonly giftCardCents: number;
  readonly amountDueCents: number;
}

/**
 * Spends the typed cards against `totalCents`. Cards not needed (the total already covered)
 * are neither listed nor debited.
 */
export function allocateGiftCards(
  typed: readonly string[],
  found: readonly StoredGiftCard[],
  context: { totalCents: number; currency: string },
): GiftCardAllocation {
  const codes = [...new Set(typed.map(normalizeGiftCardCode).filter((code) => code !== ''))];
  const redemptions: GiftCardRedemption[] = [];
  const invalidGiftCards: InvalidGiftCard[] = [];
  let due = context.totalCents;
  for (const code of codes) {
    const card = found.find((candidate) => candidate.code === code);
    const reason: GiftCardReason | undefined = !card
      ? 'UNKNOWN'
      : card.currency !== context.currency
        ? 'CURRENCY'
        : card.balanceCents <= 0
          ? 'EMPTY'
          : undefined;
    if (reason !== undefined || !card) {
      invalidGiftCards.push({
        code,
        reason: reason ?? 'UNKNOWN',
        message: GIFT_CARD_REASONS[reason ?? 'UNKNOWN'],
      });
      continue;
    }
    const amountCents = Math.min(card.balanceCents, due);
    if (amountCents === 0) continue;
    due -= amountCents;
    redemptions.push({
      giftCardId: card.id,
      code,
      amountCents,
      balanceAfterCents: card.balanceCents - amountCents,
    });
  }
  return {
    redemptions,
    invalidGiftCards,
    giftCardCents: context.totalCents - due,
    amountDueCents: due,
  };
}
