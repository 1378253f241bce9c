/** Carts and their entries: a visitor's, an express checkout's or a subscription's cart. */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { GiftCardRecipient } from '../../shared/giftcards/recipient.ts';
import { siteUsers } from './schema-accounts.ts';
import { products, variantOfProduct } from './schema-catalog.ts';
import { createdAt, flag, parentId, timestamptz, updatedAt } from './schema-columns.ts';
import { siteRowColumns } from './schema-sites.ts';

export const CART_KINDS = ['standard', 'express', 'subscription'] as const;
export type CartKind = (typeof CART_KINDS)[number];

// ---------------------------------------------------------------------------------------------
// Carts

export const carts = pgTable(
  'carts',
  {
    ...siteRowColumns(),
    /** Secret bearer token: the cart cookie's value, or the subscription page's cartToken. */
    token: text('token').notNull(),
    kind: text('kind').$type<CartKind>().notNull().default('standard'),
    currency: text('currency').notNull().default('USD'),
    /** The site user who owns the cart; a deleted account leaves its carts as guest carts. */
    siteUserId: text('site_user_id').references(() => siteUsers.id, { onDelete: 'set null' }),
    created: timestamptz('created').notNull().defaultNow(),
    updatedAt: updatedAt(),
    isPurchased: flag('is_purchased'),
    /** The order that bought this cart; one order per cart (the orders module adds the FK). */
    orderId: text('order_id'),
  },
  (t) => [
    uniqueIndex('carts_token_key').on(t.token),
    uniqueIndex('carts_order_key').on(t.orderId),
    index('carts_site_user_idx').on(t.siteId, t.siteUserId),
    check('carts_kind_check', sql.raw(`kind in (${CART_KINDS.map((k) => `'${k}'`).join(', ')})`)),
    check('carts_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('carts_purchased_check', sql`not ${t.isPurchased} or ${t.orderId} is not null`),
  ],
);

export const cartEntries = pgTable(
  'cart_entries',
  {
    id: text('id').primaryKey(),
    cartId: parentId('cart_id', () => carts.id),
    // A product or variant removed from the catalog leaves carts; orders keep their own copy.
    productId: parentId('product_id', () => products.id),
    variantId: text('variant_id').notNull(),
    quantity: integer('quantity').notNull(),
    /** Answers to the product's extra-fields form, keyed by field id; null when it has none. */
    additionalFields: jsonb('additional_fields').$type<Record<string, unknown>>(),
    /** A gift card's recipient and message (gift card page); null: the card goes to the buyer. */
    giftCardRecipient: jsonb('gift_card_recipient').$type<GiftCardRecipient>(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('cart_entries_cart_idx').on(t.cartId, t.position),
    // The variant must belong to the entry's product.
    variantOfProduct('cart_entries_variant_fk', t),
    index('cart_entries_product_variant_idx').on(t.productId, t.variantId),
    check('cart_entries_quantity_check', sql`${t.quantity} between 1 and 9999`),
  ],
);
