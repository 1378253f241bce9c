/**
 * The analytics_events writer: rows are queued by the routes and written in batches through a
 * prepared multi-row INSERT (the hot path of visitor analytics).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AnalyticsEventKind, AnalyticsSource } from '../../../shared/analytics/event-kinds.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import { analyticsEvents } from '../../db/schema-analytics.ts';
import { BatchWriter } from './batch-writer.ts';
import { preparedMultiInsert } from './prepared-insert.ts';

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

const COLUMNS = [
  'siteId',
  'source',
  'kind',
  'eventName',
  'visitorId',
  'pagePath',
  'productId',
  'occurredAt',
  'data',
] as const satisfies readonly (keyof AnalyticsRow)[];

/** Rows waiting beyond this make the routes answer 503 rather than grow memory. */
const MAX_BUFFERED_ROWS = 200_000;

export function createAnalyticsWriter(
  database: Database,
  config: Config,
  log: FastifyBaseLogger,
): BatchWriter<AnalyticsRow> {
  const batchSize = config.telemetry.batchRows;
  const inserter = preparedMultiInsert(
    database.db,
    analyticsEvents,
    COLUMNS,
    batchSize,
    `analytics_events_insert_${batchSize}`,
  );
  return new BatchWriter<AnalyticsRow>({
    name: 'analytics_events',
    flushIntervalMs: config.telemetry.flushIntervalMs,
    maxBatch: batchSize,
    maxBuffered: MAX_BUFFERED_ROWS,
    write: (rows) => inserter.insert(rows),
    onError: (error, context) => log.error({ err: error, ...context }, 'analytics batch write failed'),
  });
}
