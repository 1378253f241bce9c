/**
 * Gift card storage: look-up by typed codes, issue on purchase, debit on redemption. The debit
 * is one conditional UPDATE (`balance >= amount`), so two checkouts spending one card at once
 * can never take it below zero; the CHECK on the table backs that up.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
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

/**
 * Voids the cards an order issued (the order was cancelled): whatever balance is left goes to
 * 0 and the card is marked, so it can no longer pay. Returns the cards voided and the balance
 * they lost.
 */
export async function voidIssuedGiftCards(
  db: AppDb,
  orderId: string,
): Promise<{ cards: number; balanceCents: number }> {
  const rows = await db
    .update(giftCards)
    .set({ balanceCents: 0, voidedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(giftCards.sourceOrderId, orderId), isNull(giftCards.voidedAt)))
    .returning({ id: giftCards.id, initial: giftCards.initialBalanceCents });
  // The balance before the update is not returned by UPDATE … RETURNING; what was spent of
  // each card is its redemptions, so the lost balance is initial minus those.
  let lost = 0;
  for (const row of rows) {
    const [spent] = await db
      .select({ cents: sql<number>`coalesce(sum(${giftCardRedemptions.amountCents}), 0)::int` })
      .from(giftCardRedemptions)
      .where(eq(giftCardRedemptions.giftCardId, row.id));
    lost += row.initial - (spent?.cents ?? 0);
  }
  return { cards: rows.length, balanceCents: lost };
}

/** Gives an order's gift card payments back to their cards (the order was cancelled). */
export async function creditRedemptions(db: AppDb, orderId: string): Promise<number> {
  const redemptions = await db
    .select({
      giftCardId: giftCardRedemptions.giftCardId,
      amountCents: giftCardRedemptions.amountCents,
    })
    .from(giftCardRedemptions)
    .where(eq(giftCardRedemptions.orderId, orderId));
  let credited = 0;
  for (const redemption of redemptions) {
    const rows = await db
      .update(giftCards)
      .set({
        balanceCents: sql`${giftCards.balanceCents} + ${redemption.amountCents}`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(giftCards.id, redemption.giftCardId), isNull(giftCards.voidedAt)))
      .returning({ id: giftCards.id });
    if (rows.length > 0) credited += redemption.amountCents;
  }
  return credited;
}
