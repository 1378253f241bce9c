/**
 * Visitor analytics storage: one row per accepted census hit or tracking event. Rows are written
 * in batches by the analytics ingestion buffer and read only by the owner's reports, so the
 * indexes serve "this site, this kind, this date range".
 *
 * `occurred_at` is the server's receive time: a visitor's clock cannot move a hit into another
 * day. The client's own time, when sent, stays inside `data`.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { parentId, timestamptz } from './schema-columns.ts';
import { ANALYTICS_EVENT_KINDS, ANALYTICS_SOURCES } from '../../shared/analytics/event-kinds.ts';
import { sites } from './schema-sites.ts';

const inList = (values: readonly string[]): string =>
  values.map((value) => `'${value}'`).join(', ');

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    siteId: parentId('site_id', () => sites.id),
    /** Which endpoint took it: census, v0 RecordEvent or v2 clanker events. */
    source: text('source').notNull(),
    /** What the reports count it as (page view, product view, add to cart, …). */
    kind: text('kind').notNull(),
    /** The event name as sent (census event, v0 event, v2 event_name or schema name). */
    eventName: text('event_name').notNull(),
    /** The visitor cookie (ss_cvr) or the event's visitor id; null when the payload had none. */
    visitorId: text('visitor_id'),
    pagePath: text('page_path'),
    /** The product (item id) a product view, quick view, add to cart or purchase is about. */
    productId: text('product_id'),
    occurredAt: timestamptz('occurred_at').notNull().defaultNow(),
    /** The validated payload, for questions the report columns do not answer yet. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    index('analytics_events_site_time_idx').on(t.siteId, t.occurredAt),
    index('analytics_events_site_kind_time_idx').on(t.siteId, t.kind, t.occurredAt),
    // Ingestion decides which page views start a visit from the visitor's neighbouring views
    // (docs/adr/015-analytics-daily-rollup.md): one visitor's views around a time.
    index('analytics_events_visitor_views_idx')
      .on(t.siteId, t.visitorId, t.occurredAt)
      .where(sql`${t.kind} = 'page_view' and ${t.visitorId} is not null`),
    check('analytics_events_kind_check', sql.raw(`kind in (${inList(ANALYTICS_EVENT_KINDS)})`)),
    check('analytics_events_source_check', sql.raw(`source in (${inList(ANALYTICS_SOURCES)})`)),
    check('analytics_events_name_check', sql`char_length(${t.eventName}) between 1 and 100`),
    check('analytics_events_visitor_check', sql`char_length(${t.visitorId}) between 1 and 128`),
    check('analytics_events_path_check', sql`char_length(${t.pagePath}) <= 2083`),
  ],
);
