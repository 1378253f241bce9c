/**
 * The site's mailing lists: subscribers added by newsletter forms and the restock opt-in.
 *
 * - One row per (site, list, email); the email is stored lower-cased and trimmed.
 * - Double opt-in: a 'pending' row carries the SHA-256 of a single-use confirmation token and
 *   its expiry; confirming clears both and makes the row 'subscribed'.
 * - Unsubscribe links carry an HMAC of the subscriber id (no stored token), so every email can
 *   carry one and they keep working.
 */
import { sql } from 'drizzle-orm';
import { check, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, parentId, timestamptz, updatedAt } from './schema-columns.ts';
import { sites } from './schema-sites.ts';

export const SUBSCRIBER_STATUSES = ['pending', 'subscribed', 'unsubscribed'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

export const SUBSCRIBER_SOURCES = ['form', 'restock'] as const;
export type SubscriberSource = (typeof SUBSCRIBER_SOURCES)[number];

const inList = (values: readonly string[]): string =>
  values.map((value) => `'${value}'`).join(', ');

export const mailingSubscribers = pgTable(
  'mailing_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: parentId('site_id', () => sites.id),
    /** The list of the mailing-list connection (docs/behaviour/forms-and-captcha.md#mailing-lists). */
    listId: text('list_id').notNull(),
    email: text('email').notNull(),
    status: text('status').$type<SubscriberStatus>().notNull(),
    source: text('source').$type<SubscriberSource>().notNull(),
    /** The newsletter form that added the subscriber, when a form did. No FK: forms are re-imported. */
    formId: text('form_id'),
    confirmTokenHash: text('confirm_token_hash'),
    confirmExpiresAt: timestamptz('confirm_expires_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    confirmedAt: timestamptz('confirmed_at'),
    unsubscribedAt: timestamptz('unsubscribed_at'),
  },
  (t) => [
    uniqueIndex('mailing_subscribers_site_list_email_key').on(t.siteId, t.listId, t.email),
    uniqueIndex('mailing_subscribers_confirm_token_key').on(t.confirmTokenHash),
    check(
      'mailing_subscribers_status_check',
      sql.raw(`status in (${inList(SUBSCRIBER_STATUSES)})`),
    ),
    check('mailing_subscribers_source_check', sql.raw(`source in (${inList(SUBSCRIBER_SOURCES)})`)),
    check(
      'mailing_subscribers_email_check',
      sql`email = btrim(email) and length(email) between 3 and 256`,
    ),
    check(
      'mailing_subscribers_pending_check',
      sql`(status = 'pending') = (confirm_token_hash is not null and confirm_expires_at is not null)`,
    ),
    check(
      'mailing_subscribers_unsubscribed_check',
      sql`(status = 'unsubscribed') = (unsubscribed_at is not null)`,
    ),
  ],
);
