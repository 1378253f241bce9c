/**
 * The analytics_events writer: rows are queued by the routes and written in batches through a
 * constant multi-row INSERT … SELECT FROM unnest (the hot path of visitor analytics), and the
 * same statement adds them to the daily rollup the reports read (daily-rollup.ts) with the visits
 * they begin or end (visit-rollup.ts), in one transaction: the raw rows and the rollup are
 * written together or not at all.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AnalyticsEventKind, AnalyticsSource } from '../../../shared/analytics/event-kinds.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import { analyticsEvents } from '../../db/schema-analytics.ts';
import type { BatchWriter } from './batch-writer.ts';
import { sql } from 'drizzle-orm';
import { ROLLUP_SOURCE_COLUMNS, rollupStatement } from './daily-rollup.ts';
import {
  dropEmptyVisitRows,
  emptiedVisitRow,
  lockVisitors,
  rowsOf,
  VISIT_SOURCE_COLUMNS,
  visitUpsertStatement,
} from './visit-rollup.ts';
import { createTelemetryWriter } from './telemetry-writer.ts';
import { unnestInsertStatement, type UnnestColumn } from './unnest-insert.ts';

export interface AnalyticsRow {
  readonly siteId: string;
  readonly source: AnalyticsSource;
  readonly kind: AnalyticsEventKind;
  readonly eventName: string;
  readonly visitorId: string | null;
  readonly pagePath: string | null;
  readonly productId: string | null;
  /** When the server accepted it (not when the batch was written). */
  readonly occurredAt: Date;
  readonly data: Record<string, unknown>;
}

const COLUMNS: readonly UnnestColumn<AnalyticsRow>[] = [
  { name: 'site_id', type: 'text', value: (row) => row.siteId },
  { name: 'source', type: 'text', value: (row) => row.source },
  { name: 'kind', type: 'text', value: (row) => row.kind },
  { name: 'event_name', type: 'text', value: (row) => row.eventName },
  { name: 'visitor_id', type: 'text', value: (row) => row.visitorId },
  { name: 'page_path', type: 'text', value: (row) => row.pagePath },
  { name: 'product_id', type: 'text', value: (row) => row.productId },
  { name: 'occurred_at', type: 'timestamptz', value: (row) => row.occurredAt.toISOString() },
  { name: 'data', type: 'jsonb', value: (row) => JSON.stringify(row.data) },
];

/** Rows waiting beyond this make the routes answer 503 rather than grow memory. */
const MAX_BUFFERED_ROWS = 200_000;

export function createAnalyticsWriter(
  database: Database,
  config: Config,
  log: FastifyBaseLogger,
): BatchWriter<AnalyticsRow> {
  return createTelemetryWriter(config, log, {
    table: analyticsEvents,
    what: 'analytics',
    maxBuffered: MAX_BUFFERED_ROWS,
    write: async (rows) => {
      if (rows.length === 0) return;
      const inserted = unnestInsertStatement('analytics_events', COLUMNS, rows, [
        ...new Set([...ROLLUP_SOURCE_COLUMNS, ...VISIT_SOURCE_COLUMNS]),
      ]);
      await database.withTransaction(async (tx) => {
        await lockVisitors(tx, rows);
        const emptied = rowsOf(
          await tx.execute(sql`with inserted as (${inserted}),
            rolled_up as (${rollupStatement(sql`inserted`)}),
            ${visitUpsertStatement(sql`inserted`)}`),
          emptiedVisitRow,
        );
        if (emptied.length > 0) await tx.execute(dropEmptyVisitRows(emptied));
      });
    },
  });
}
