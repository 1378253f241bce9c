/**
 * Owner reports of telemetry: the 75th percentile of LCP, CLS, INP, FCP and TTFB per page type
 * (the percentile web-vitals thresholds are judged at), and script error groups with counts.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Vitals } from '../../../shared/analytics/vitals.ts';
import type { AppDb } from '../../db/index.ts';
import { pageSpeedRecords, scriptErrorGroups, scriptErrors } from '../../db/schema-telemetry.ts';
import { daysOf, localDay, rowPerKey, withinRange, type ReportRange } from '../analytics/index.ts';

const r = pageSpeedRecords;
const p75 = (column: AnyPgColumn) =>
  sql<number | null>`percentile_cont(0.75) within group (order by ${column})`.mapWith(
    (value: unknown) => (value === null ? null : Number(value)),
  );

/** The columns of a Vitals row over the grouped records. */
const vitalsColumns = () => ({
  records: count(),
  lcpMs: p75(r.lcpMs),
  cls: p75(r.cls),
  inpMs: p75(r.inpMs),
  fcpMs: p75(r.fcpMs),
  ttfbMs: p75(r.ttfbMs),
});

export async function pageSpeedByPageType(
  db: AppDb,
  siteId: string,
  range: ReportRange,
  timeZone: string,
) {
  return db
    .select({
      pageType: r.pageType,
      ...vitalsColumns(),
    })
    .from(r)
    .where(and(eq(r.siteId, siteId), withinRange(r.receivedAt, range, timeZone)))
    .groupBy(r.pageType)
    .orderBy(sql`${r.pageType} nulls last`);
}

export interface PageSpeedDay extends Vitals {
  readonly date: string;
}

/** The p75 of each vital per site day over every page type, each day of the range listed. */
export async function pageSpeedByDay(
  db: AppDb,
  siteId: string,
  range: ReportRange,
  timeZone: string,
): Promise<PageSpeedDay[]> {
  const rows = await db
    .select({
      date: localDay(r.receivedAt, timeZone),
      ...vitalsColumns(),
    })
    .from(r)
    .where(and(eq(r.siteId, siteId), withinRange(r.receivedAt, range, timeZone)))
    // By position: the day expression binds the time zone (analytics/report-queries.ts).
    .groupBy(sql`1`);
  return rowPerKey(
    daysOf(range),
    rows,
    (row) => row.date,
    (date) => ({
      date,
      records: 0,
      lcpMs: null,
      cls: null,
      inpMs: null,
      fcpMs: null,
      ttfbMs: null,
    }),
  );
}

export const MAX_ERROR_GROUPS = 100;

/**
 * Groups with events in the range, most frequent first; `total` counts every event ever; the
 * sample is the group's latest report (one indexed row per group).
 */
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
      // The latest report's stack and page, for the owner to see where it breaks.
      sampleStack: sql<
        string | null
      >`(select s.stack from ${scriptErrors} s where s.group_id = ${g.id} order by s.received_at desc limit 1)`,
      samplePage: sql<
        string | null
      >`(select s.page_url from ${scriptErrors} s where s.group_id = ${g.id} order by s.received_at desc limit 1)`,
    })
    .from(g)
    .innerJoin(scriptErrors, eq(scriptErrors.groupId, g.id))
    .where(and(eq(g.siteId, siteId), withinRange(scriptErrors.receivedAt, range, timeZone)))
    .groupBy(g.id)
    .orderBy(desc(count(scriptErrors.id)), desc(g.lastSeenAt))
    .limit(MAX_ERROR_GROUPS);
}
