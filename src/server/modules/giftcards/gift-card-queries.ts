/**
 * Gift card storage: look-up by typed codes, issue on purchase, debit on redemption. The debit
 * is one conditional UPDATE (`balance >= amount`), so two checkouts spending one card at once
 * can never take it below zero; the CHECK on the table backs that up.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import {
  giftCardCodeFromBytes,
  GIFT_CARD_CODE_LENGTH,
  normalizeGiftCardCode,
  type StoredGiftCard,
} from '../../../shared/checkout/gift-cards.ts';
import { schema, type AppDb } from '../../db/index.ts';

const { giftCards, giftCardRedemptions } = schema;

const storedColumns = {
  id: giftCards.id,
  code: giftCards.code,
  currency: giftCards.currency,
  balanceCents: giftCards.balanceCents,
};

function distinctCodes(typed: readonly string[]): string[] {
  return [...new Set(typed.map(normalizeGiftCardCode).filter((code) => code !== ''))];
}

export async function findGiftCards(
  db: AppDb,
  siteId: string,
  typed: readonly string[],
  options: { lock?: boolean } = {},
): Promise<StoredGiftCard[]> {
  const codes = distinctCodes(typed);
  if (codes.length === 0) return [];
  const query = db
    .select(storedColumns)
    .from(giftCards)
    .where(and(eq(giftCards.siteId, siteId), inArray(giftCards.code, codes)))
    // A fixed order: concurrent checkouts lock the same cards in the same order, never deadlock.
    .orderBy(asc(giftCards.id));
  return options.lock ? query.for('update') : query;
}

export function newGiftCardCode(): string {
  return giftCardCodeFromBytes(randomBytes(GIFT_CARD_CODE_LENGTH));
}

export interface IssuedGiftCard {
  readonly id: string;
  readonly code: string;
  readonly balanceCents: number;
  readonly currency: string;
}

export async function issueGiftCards(
  db: AppDb,
  cards: readonly {
    siteId: string;
    currency: string;
    balanceCents: number;
    sourceOrderId: string;
    sourceOrderLineId: string;
  }[],
): Promise<IssuedGiftCard[]> {
  if (cards.length === 0) return [];
  return db
    .insert(giftCards)
    .values(
      cards.map((card) => ({
        id: randomUUID(),
        code: newGiftCardCode(),
        initialBalanceCents: card.balanceCents,
        ...card,
      })),
    )
    .returning({
      id: giftCards.id,
      code: giftCards.code,
      balanceCents: giftCards.balanceCents,
      currency: giftCards.currency,
    });
}

/** Takes `amountCents` off a card for an order; false when the balance no longer covers it. */
export async function debitGiftCard(
  db: AppDb,
  debit: { giftCardId: string; orderId: string; amountCents: number },
): Promise<boolean> {
  const updated = await db
    .update(giftCards)
    .set({
      balanceCents: sql`${giftCards.balanceCents} - ${debit.amountCents}`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(giftCards.id, debit.giftCardId), gte(giftCards.balanceCents, debit.amountCents)))
    .returning({ id: giftCards.id });
  if (updated.length === 0) return false;
  await db.insert(giftCardRedemptions).values({ id: randomUUID(), ...debit });
  return true;
}
