/**
 * Page-speed telemetry and script errors.
 *
 * - performance_settings: per-site rollout flags answered by GET /api/1/performance/settings;
 *   a site without a row has every flag false (docs/behaviour/telemetry.md#page-speed-collector).
 * - page_speed_records: one row per accepted record; the five vitals the owner report ranks by
 *   page type are columns (null when the record did not measure them), the rest stays in `record`.
 * - script_error_groups / script_errors: errors grouped by message and top stack frame; the
 *   group keeps the running count so the owner's list is one indexed read.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { parentId, timestamptz, updatedAt } from './schema-columns.ts';
import { sites } from './schema-sites.ts';

export const performanceSettings = pgTable('performance_settings', {
  siteId: text('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  /** Rollout flag name → on; names are validated by the telemetry module. */
  flags: jsonb('flags')
    .$type<Record<string, boolean>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  updatedAt: updatedAt(),
});

export const pageSpeedRecords = pgTable(
  'page_speed_records',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    siteId: parentId('site_id', () => sites.id),
    pageLoadId: text('page_load_id').notNull(),
    /** The spec's page type code; null when the record did not say. */
    pageType: integer('page_type'),
    path: text('path'),
    lcpMs: doublePrecision('lcp_ms'),
    cls: doublePrecision('cls'),
    inpMs: doublePrecision('inp_ms'),
    fcpMs: doublePrecision('fcp_ms'),
    ttfbMs: doublePrecision('ttfb_ms'),
    record: jsonb('record').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
  },
  (t) => [
    index('page_speed_records_site_time_idx').on(t.siteId, t.receivedAt),
    check(
      'page_speed_records_metrics_check',
      sql`coalesce(${t.lcpMs}, 0) >= 0 and coalesce(${t.cls}, 0) >= 0 and coalesce(${t.inpMs}, 0) >= 0
        and coalesce(${t.fcpMs}, 0) >= 0 and coalesce(${t.ttfbMs}, 0) >= 0`,
    ),
  ],
);

export const scriptErrorGroups = pgTable(
  'script_error_groups',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    siteId: parentId('site_id', () => sites.id),
    /** sha-256 of message + top frame: the grouping key. */
    fingerprint: text('fingerprint').notNull(),
    message: text('message').notNull(),
    /** The first line of the stack that names a frame ('' when there was no stack). */
    topFrame: text('top_frame').notNull(),
    occurrences: bigint('occurrences', { mode: 'number' }).notNull(),
    firstSeenAt: timestamptz('first_seen_at').notNull().defaultNow(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('script_error_groups_site_fingerprint_key').on(t.siteId, t.fingerprint),
    index('script_error_groups_site_last_seen_idx').on(t.siteId, t.lastSeenAt),
    check('script_error_groups_occurrences_check', sql`${t.occurrences} > 0`),
  ],
);

export const scriptErrors = pgTable(
  'script_errors',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    groupId: bigint('group_id', { mode: 'number' })
      .notNull()
      .references(() => scriptErrorGroups.id, { onDelete: 'cascade' }),
    siteId: text('site_id').notNull(),
    eventName: text('event_name').notNull(),
    templateId: text('template_id'),
    pageUrl: text('page_url'),
    userAgent: text('user_agent'),
    applicationName: text('application_name'),
    message: text('message').notNull(),
    /** Cut at 5000 characters (docs/behaviour/telemetry.md#limits) before it gets here. */
    stack: text('stack'),
    file: text('file'),
    line: integer('line'),
    column: integer('column'),
    /** The browser's timestamp for the event, when it sent a valid one. */
    clientTime: timestamptz('client_time'),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
  },
  (t) => [
    index('script_errors_group_time_idx').on(t.groupId, t.receivedAt),
    check('script_errors_stack_check', sql`char_length(${t.stack}) <= 5000`),
  ],
);
