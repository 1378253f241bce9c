/**
 * The outbox: every email Vitrine sends is first a row here. Without SMTP the row is the
 * delivery (status 'queued', for an operator or a relay to pick up); with SMTP it becomes
 * 'sent', or 'failed' with the error, and stays for a retry; a send in progress holds a claim. A mail problem never touches the
 * business write that caused it (the order commits first).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './schema-columns.ts';
import { sites } from './schema-sites.ts';

export const OUTBOX_STATUSES = ['queued', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const outbox = pgTable(
  'outbox',
  {
    id: text('id').primaryKey(),
    siteId: text('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    /** What the message is, e.g. 'order-confirmation'. */
    kind: text('kind').notNull(),
    /** What it is about (an order id): with kind, at most one message per thing. */
    reference: text('reference'),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    status: text('status').$type<OutboxStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /**
     * While a process sends the row, until when it is that process's: no other process (nor
     * the relay of the same one) sends it meanwhile. A process that dies mid-send leaves a claim
     * that simply runs out.
     */
    claimedUntil: timestamptz('claimed_until'),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [
    uniqueIndex('outbox_kind_reference_key').on(t.kind, t.reference),
    index('outbox_status_created_idx').on(t.status, t.createdAt),
    check(
      'outbox_status_check',
      sql.raw(`status in (${OUTBOX_STATUSES.map((s) => `'${s}'`).join(', ')})`),
    ),
    check('outbox_sent_check', sql`(status = 'sent') = (sent_at is not null)`),
    check('outbox_attempts_check', sql`attempts >= 0`),
  ],
);
