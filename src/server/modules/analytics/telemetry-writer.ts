/**
 * How every telemetry table is written: rows buffered in a BatchWriter flushed on the telemetry
 * configuration's interval and batch size, a failed write logged under the table's name. Tables
 * written as plain rows (analytics events, page-speed records) go through the constant unnest
 * INSERT; script errors bring their own write (group upsert and events in one transaction).
 */
import { getTableName, type Table } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import { BatchWriter } from './batch-writer.ts';
import { unnestInsert, type UnnestColumn } from './unnest-insert.ts';

export interface TelemetryWriterSpec<Row> {
  /** The table written, which also names the writer in stats and logs. */
  readonly table: Table;
  /** What a failed write is called in the log ('page-speed batch write failed'). */
  readonly what: string;
  /** Rows waiting beyond this make the routes answer 503 rather than grow memory. */
  readonly maxBuffered: number;
  readonly write: (rows: readonly Row[]) => Promise<void>;
}

export function createTelemetryWriter<Row>(
  config: Config,
  log: FastifyBaseLogger,
  spec: TelemetryWriterSpec<Row>,
): BatchWriter<Row> {
  return new BatchWriter<Row>({
    name: getTableName(spec.table),
    flushIntervalMs: config.telemetry.flushIntervalMs,
    maxBatch: config.telemetry.batchRows,
    maxBuffered: spec.maxBuffered,
    drainBudgetMs: config.telemetry.drainMs,
    write: spec.write,
    onError: (error, context) =>
      log.error({ err: error, ...context }, `${spec.what} batch write failed`),
  });
}

/** A telemetry writer whose rows are inserted as they are, through the constant unnest INSERT. */
export function createUnnestWriter<Row>(
  database: Database,
  config: Config,
  log: FastifyBaseLogger,
  spec: Omit<TelemetryWriterSpec<Row>, 'write'> & {
    readonly columns: readonly UnnestColumn<Row>[];
  },
): BatchWriter<Row> {
  const inserter = unnestInsert(database.db, getTableName(spec.table), spec.columns);
  return createTelemetryWriter(config, log, { ...spec, write: (rows) => inserter.insert(rows) });
}
