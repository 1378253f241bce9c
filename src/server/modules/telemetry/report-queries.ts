/**
 * Owner reports of telemetry: the 75th percentile of LCP, CLS, INP, FCP and TTFB per page type
 * (the percentile web-vitals thresholds are judged at), and script error groups with counts.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppDb } from '../../db/index.ts';
import { pageSpeedRecords, scriptErrorGroups, scriptErrors } from '../../db/schema-telemetry.ts';
import { withinRange, type ReportRange } from '../analytics/index.ts';

const r = pageSpeedRecords;
const p75 = (column: AnyPgColumn) =>
  sql<number | null>`percentile_cont(0.75) within group (order by ${column})`.mapWith(
    (value: unknown) => (value === null ? null : Number(value)),
  );

export async function pageSpeedByPageType(
  db: AppDb,
  siteId: string,
  range: ReportRange,
  timeZone: string,
) {
  return db
    .select({
      pageType: r.pageType,
      records: count(),
      lcpMs: p75(r.lcpMs),
      cls: p75(r.cls),
      inpMs: p75(r.inpMs),
      fcpMs: p75(r.fcpMs),
      ttfbMs: p75(r.ttfbMs),
    })
    .from(r)
    .where(and(eq(r.siteId, siteId), withinRange(r.receivedAt, range, timeZone)))
    .groupBy(r.pageType)
    .orderBy(sql`${r.pageType} nulls last`);
}

export const MAX_ERROR_GROUPS = 100;

/** Groups with events in the range, most frequent first; `total` counts every event ever. */
export async function errorGroups(db: AppDb, siteId: string, range: ReportRange, timeZone: string) {
  const g = scriptErrorGroups;
  return db
    .select({
      id: g.id,
      message: g.message,
      topFrame: g.topFrame,
      count: count(scriptErrors.id),
      total: g.occurrences,
      firstSeenAt: g.firstSeenAt,
      lastSeenAt: g.lastSeenAt,
    })
    .from(g)
    .innerJoin(scriptErrors, eq(scriptErrors.groupId, g.id))
    .where(and(eq(g.siteId, siteId), withinRange(scriptErrors.receivedAt, range, timeZone)))
    .groupBy(g.id)
    .orderBy(desc(count(scriptErrors.id)), desc(g.lastSeenAt))
    .limit(MAX_ERROR_GROUPS);
}
