/**
 * What happens to an order after it is placed: its numbering, its append-only timeline, and
 * the owner actions already answered (their Idempotency-Key with the answer given).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, parentId, timestamptz } from './schema-columns.ts';
import { orders } from './schema-orders.ts';
import { sites } from './schema-sites.ts';

/** The last order number given per site; bumped in the order's own transaction. */
export const orderNumberCounters = pgTable(
  'order_number_counters',
  {
    siteId: text('site_id')
      .primaryKey()
      .references(() => sites.id, { onDelete: 'cascade' }),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [check('order_number_counters_check', sql`${t.lastNumber} >= 1001`)],
);

export const ORDER_EVENT_TYPES = [
  'created',
  'paid',
  'payment_failed',
  'fulfilled',
  'refunded',
  'cancelled',
  'restocked',
  'email_sent',
] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

/**
 * The order's timeline. Rows are only ever inserted: each records what happened, its details
 * (carrier and tracking, amount refunded, email kind) and the owner who did it (null for the
 * shopper, the payment provider or the system). The owner's email is copied so the history
 * still names them after their account is removed.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: text('id').primaryKey(),
    orderId: parentId('order_id', () => orders.id),
    type: text('type').$type<OrderEventType>().notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    ownerId: text('owner_id'),
    ownerEmail: text('owner_email'),
    // The statement's clock, not the transaction's: events written together keep their order.
    createdAt: timestamptz('created_at')
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId, t.createdAt),
    check(
      'order_events_type_check',
      sql.raw(`type in (${ORDER_EVENT_TYPES.map((type) => `'${type}'`).join(', ')})`),
    ),
  ],
);

/** Owner actions (fulfil, refund, cancel) by Idempotency-Key: a replay gets the same answer. */
export const orderActions = pgTable(
  'order_actions',
  {
    siteId: parentId('site_id', () => sites.id),
    idempotencyKey: text('idempotency_key').notNull(),
    orderId: parentId('order_id', () => orders.id),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').$type<unknown>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.idempotencyKey] })],
);
