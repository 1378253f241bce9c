/**
 * Reading the daily rollup (daily-rollup.ts): one site's metric over a report range's days, and
 * the two measures every report takes of it, hits (a sum) and distinct visitors (hits without a
 * visitor are stored under '' and never counted as one).
 */
import { and, between, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { analyticsDaily } from '../../db/schema-analytics-daily.ts';
import type { ReportRange } from './report-range.ts';

export const d = analyticsDaily;

/** Rows of `metrics` of the site on the range's days. */
export function rollupRows(
  siteId: string,
  metrics: string | readonly string[],
  range: ReportRange,
) {
  return and(
    eq(d.siteId, siteId),
    typeof metrics === 'string' ? eq(d.metric, metrics) : inArray(d.metric, [...metrics]),
    between(d.day, range.from, range.to),
  );
}

/** Hits of the rows (those matching `where` when given). */
export function hits(where?: SQL): SQL<number> {
  return where
    ? sql<number>`(coalesce(sum(${d.events}) filter (where ${where}), 0))::int`
    : sql<number>`(coalesce(sum(${d.events}), 0))::int`;
}

/** Distinct visitors of the rows (those matching `where` when given). */
export function visitors(where?: SQL): SQL<number> {
  const visitor = sql`nullif(${d.visitorId}, '')`;
  return where
    ? sql<number>`(count(distinct ${visitor}) filter (where ${where}))::int`
    : sql<number>`count(distinct ${visitor})::int`;
}

/** The row's day as YYYY-MM-DD, whatever the driver makes of a date. */
export const dayText = sql<string>`to_char(${d.day}, 'YYYY-MM-DD')`;
