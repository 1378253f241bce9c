/**
 * Gift cards: issued when an order buys a gift card product (one card per unit, balance = the
 * price paid), redeemed at checkout. The balance never goes below 0 nor above what was issued
 * (CHECK); each redemption is a row, so a card's history adds up to its balance.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, parentId, timestamptz, updatedAt } from './schema-columns.ts';
import { orderLines, orders } from './schema-orders.ts';
import { siteRowColumns } from './schema-sites.ts';

export const giftCards = pgTable(
  'gift_cards',
  {
    ...siteRowColumns(),
    /** Normalised code (upper case, no separators); a bearer secret, unique per site. */
    code: text('code').notNull(),
    currency: text('currency').notNull(),
    initialBalanceCents: integer('initial_balance_cents').notNull(),
    balanceCents: integer('balance_cents').notNull(),
    /** The order and line that bought it (null for cards made by other means). */
    sourceOrderId: text('source_order_id').references(() => orders.id, { onDelete: 'set null' }),
    sourceOrderLineId: text('source_order_line_id').references(() => orderLines.id, {
      onDelete: 'set null',
    }),
    /** Set when the order that bought it was cancelled; the balance left is then 0. */
    voidedAt: timestamptz('voided_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('gift_cards_site_code_key').on(t.siteId, t.code),
    index('gift_cards_source_order_idx').on(t.sourceOrderId),
    check('gift_cards_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check(
      'gift_cards_balance_check',
      sql`${t.balanceCents} >= 0 and ${t.balanceCents} <= ${t.initialBalanceCents}`,
    ),
  ],
);

export const giftCardRedemptions = pgTable(
  'gift_card_redemptions',
  {
    id: text('id').primaryKey(),
    giftCardId: parentId('gift_card_id', () => giftCards.id),
    orderId: parentId('order_id', () => orders.id),
    amountCents: integer('amount_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('gift_card_redemptions_card_order_key').on(t.giftCardId, t.orderId),
    index('gift_card_redemptions_order_idx').on(t.orderId),
    check('gift_card_redemptions_amount_check', sql`${t.amountCents} > 0`),
  ],
);
