/**
 * Batch writers of page-speed records and script errors. Page-speed rows go through the
 * constant multi-row INSERT … SELECT FROM unnest; script errors upsert their group (message + top frame) and add
 * the events in one transaction, so a group's count always equals its stored events.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import { pageSpeedRecords, scriptErrorGroups, scriptErrors } from '../../db/schema-telemetry.ts';
import { createTelemetryWriter, createUnnestWriter } from '../analytics/index.ts';
import type { UnnestColumn } from '../analytics/index.ts';

export type PageSpeedRow = typeof pageSpeedRecords.$inferInsert & {
  siteId: string;
  pageLoadId: string;
  receivedAt: Date;
};

const PAGE_SPEED_COLUMNS: readonly UnnestColumn<PageSpeedRow>[] = [
  { name: 'site_id', type: 'text', value: (row) => row.siteId },
  { name: 'page_load_id', type: 'text', value: (row) => row.pageLoadId },
  { name: 'page_type', type: 'integer', value: (row) => row.pageType ?? null },
  { name: 'path', type: 'text', value: (row) => row.path ?? null },
  { name: 'lcp_ms', type: 'double precision', value: (row) => row.lcpMs ?? null },
  { name: 'cls', type: 'double precision', value: (row) => row.cls ?? null },
  { name: 'inp_ms', type: 'double precision', value: (row) => row.inpMs ?? null },
  { name: 'fcp_ms', type: 'double precision', value: (row) => row.fcpMs ?? null },
  { name: 'ttfb_ms', type: 'double precision', value: (row) => row.ttfbMs ?? null },
  { name: 'record', type: 'jsonb', value: (row) => JSON.stringify(row.record) },
  { name: 'received_at', type: 'timestamptz', value: (row) => row.receivedAt.toISOString() },
];

const MAX_BUFFERED_ROWS = 100_000;

export function createPageSpeedWriter(database: Database, config: Config, log: FastifyBaseLogger) {
  return createUnnestWriter(database, config, log, {
    table: pageSpeedRecords,
    what: 'page-speed',
    maxBuffered: MAX_BUFFERED_ROWS,
    columns: PAGE_SPEED_COLUMNS,
  });
}

export interface ScriptErrorRow {
  readonly siteId: string;
  readonly message: string;
  readonly topFrame: string;
  readonly eventName: string;
  readonly templateId: string | null;
  readonly pageUrl: string | null;
  readonly userAgent: string | null;
  readonly applicationName: string | null;
  readonly stack: string | null;
  readonly file: string | null;
  readonly line: number | null;
  readonly column: number | null;
  readonly clientTime: Date | null;
  readonly receivedAt: Date;
}

/** The grouping key: same message and same top frame are the same error. */
export function errorFingerprint(message: string, topFrame: string): string {
  return createHash('sha256').update(`${message}\n${topFrame}`).digest('hex');
}

async function writeScriptErrors(
  database: Database,
  rows: readonly ScriptErrorRow[],
): Promise<void> {
  const groups = new Map<
    string,
    { siteId: string; message: string; topFrame: string; count: number; first: Date; last: Date }
  >();
  const keyed = rows.map((row) => {
    const fingerprint = errorFingerprint(row.message, row.topFrame);
    const key = `${row.siteId}\u0000${fingerprint}`;
    const group = groups.get(key);
    if (group) {
      group.count += 1;
      if (row.receivedAt < group.first) group.first = row.receivedAt;
      if (row.receivedAt > group.last) group.last = row.receivedAt;
    } else {
      groups.set(key, {
        siteId: row.siteId,
        message: row.message,
        topFrame: row.topFrame,
        count: 1,
        first: row.receivedAt,
        last: row.receivedAt,
      });
    }
    return { key, fingerprint, row };
  });
  await database.withTransaction(async (tx) => {
    const stored = await tx
      .insert(scriptErrorGroups)
      .values(
        [...groups.entries()].map(([key, group]) => ({
          siteId: group.siteId,
          fingerprint: key.split('\u0000')[1] ?? '',
          message: group.message,
          topFrame: group.topFrame,
          occurrences: group.count,
          firstSeenAt: group.first,
          lastSeenAt: group.last,
        })),
      )
      .onConflictDoUpdate({
        target: [scriptErrorGroups.siteId, scriptErrorGroups.fingerprint],
        set: {
          occurrences: sql`${scriptErrorGroups.occurrences} + excluded.occurrences`,
          lastSeenAt: sql`greatest(${scriptErrorGroups.lastSeenAt}, excluded.last_seen_at)`,
        },
      })
      .returning({
        id: scriptErrorGroups.id,
        siteId: scriptErrorGroups.siteId,
        fingerprint: scriptErrorGroups.fingerprint,
      });
    const groupIds = new Map(
      stored.map((group) => [`${group.siteId}\u0000${group.fingerprint}`, group.id]),
    );
    await tx.insert(scriptErrors).values(
      keyed.map(({ key, row }) => {
        const groupId = groupIds.get(key);
        // Every key was just upserted and returned; a missing one would be a driver bug.
        if (groupId === undefined) throw new Error('script error group missing after upsert');
        return {
          groupId,
          siteId: row.siteId,
          eventName: row.eventName,
          templateId: row.templateId,
          pageUrl: row.pageUrl,
          userAgent: row.userAgent,
          applicationName: row.applicationName,
          message: row.message,
          stack: row.stack,
          file: row.file,
          line: row.line,
          column: row.column,
          clientTime: row.clientTime,
          receivedAt: row.receivedAt,
        };
      }),
    );
  });
}

export function createScriptErrorWriter(
  database: Database,
  config: Config,
  log: FastifyBaseLogger,
) {
  return createTelemetryWriter<ScriptErrorRow>(config, log, {
    table: scriptErrors,
    what: 'script error',
    maxBuffered: MAX_BUFFERED_ROWS,
    write: (rows) => writeScriptErrors(database, rows),
  });
}
