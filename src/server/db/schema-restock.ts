/**
 * Restock sign-ups (docs/behaviour/restock.md#sign-up-payload,
 * docs/behaviour/restock.md#owner-lists-and-sends).
 *
 * - One row per visitor email per variant: the unique (variant_id, email) makes a repeated
 *   sign-up idempotent. Emails are stored trimmed and lower-cased (a CHECK keeps it so), which is
 *   what that uniqueness compares.
 * - `sent_at` is set exactly once by the send's conditional UPDATE … WHERE sent_at IS NULL; the
 *   notice itself is an outbox row (kind 'restock-notice', reference = this row's id), whose own
 *   unique (kind, reference) forbids a second email for the same sign-up.
 * - The id is an identity: it orders a variant's list and is the keyset of its opaque cursor,
 *   with no timestamp-precision ties.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, flag, parentId, timestamptz } from './schema-columns.ts';
import { variantOfProduct } from './schema-catalog.ts';
import { sites } from './schema-sites.ts';

export const restockSignups = pgTable(
  'restock_signups',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    siteId: parentId('site_id', () => sites.id),
    productId: text('product_id').notNull(),
    variantId: text('variant_id').notNull(),
    /** Trimmed and lower-cased. */
    email: text('email').notNull(),
    /** The visitor ticked the mailing-list opt-in (isJoinMailingList). */
    joinMailingList: flag('join_mailing_list'),
    /** A captcha was verified for this sign-up (the site had captcha on). */
    captchaUsed: flag('captcha_used'),
    createdAt: createdAt(),
    /** When its back-in-stock notice was written; null while pending. */
    sentAt: timestamptz('sent_at'),
  },
  (t) => [
    // The variant must belong to the product; a variant removed from the catalog takes its list.
    variantOfProduct('restock_signups_variant_fk', t),
    uniqueIndex('restock_signups_variant_email_key').on(t.variantId, t.email),
    // Owner lists: groups by (product, variant) in key order, a variant's sign-ups by id.
    index('restock_signups_site_group_idx').on(t.siteId, t.productId, t.variantId, t.id),
    // Sending touches only the pending rows of a variant.
    index('restock_signups_pending_idx')
      .on(t.variantId, t.id)
      .where(sql`${t.sentAt} is null`),
    check(
      'restock_signups_email_check',
      sql`${t.email} = lower(btrim(${t.email})) and char_length(${t.email}) between 3 and 256 and position('@' in ${t.email}) > 1`,
    ),
  ],
);
