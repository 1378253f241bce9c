/**
 * Reading the daily rollup (daily-rollup.ts): one site's metric over a report range's days, and
 * the two measures every report takes of it, hits (a sum) and distinct visitors (hits without a
 * visitor are stored under '' and never counted as one).
 */
import { and, between, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AppDb } from '../../db/index.ts';
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

/**
 * Distinct visitors are counted in two groupings rather than with `count(distinct …)`: first the
 * range's rows grouped by what the report groups by and the visitor (PostgreSQL hashes that),
 * then the groups of the first step counted, each being one visitor. A `count(distinct …)` sorts
 * its whole input per group instead, which took most of a report's time over one rollup row per
 * visitor-day (bench/README.md, `admin`). The figures are the same; the first step's groups of
 * visitor '' (hits without a visitor) are not counted.
 */
export function visitorsOf(visitor: AnyColumn | SQL.Aliased, flag?: SQL.Aliased): SQL<number> {
  return flag
    ? sql<number>`(count(*) filter (where ${visitor} <> '' and ${flag}))::int`
    : sql<number>`(count(*) filter (where ${visitor} <> ''))::int`;
}

/** The sum of the first step's sums, 0 when there are none. */
export function summed(events: SQL.Aliased): SQL<number> {
  return sql<number>`(coalesce(sum(${events}), 0))::int`;
}

/**
 * Hits and distinct visitors per key of one metric over the range (pages, devices, keywords), as
 * a query to order and limit by `hits` and `key`.
 */
export function keyTotals(db: AppDb, siteId: string, metric: string, range: ReportRange) {
  const perVisitor = db
    .select({ key: d.key, visitorId: d.visitorId, hits: hits().as('hits') })
    .from(d)
    .where(rollupRows(siteId, metric, range))
    .groupBy(d.key, d.visitorId)
    .as('per_visitor');
  const total = summed(perVisitor.hits);
  const query = db
    .select({ key: perVisitor.key, hits: total, visitors: visitorsOf(perVisitor.visitorId) })
    .from(perVisitor)
    .groupBy(perVisitor.key)
    .$dynamic();
  return { query, hits: total, key: perVisitor.key };
}

/** A rollup day (the row's, or a first step's) as YYYY-MM-DD, whatever the driver makes of a date. */
export const dayText = (day: AnyColumn) => sql<string>`to_char(${day}, 'YYYY-MM-DD')`;
