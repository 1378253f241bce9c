/**
 * Visits in the daily rollup (docs/adr/015-analytics-daily-rollup.md): rows of metric 'visit',
 * one per site, site day and referring host (key, '' for none), under visitor '', holding the
 * visits begun that day. A page view starts a visit when the visitor's previous view is more
 * than 30 minutes older (VISIT_TIMEOUT_MS); ties on the time are ordered by row id.
 *
 * A batch can change more than its own views: a view arriving after a later one (another
 * process wrote first) ends that later view's start. So the writer recounts, for each visitor of
 * the batch, the starts among the views from the batch's first view of them to 30 minutes after
 * its last, without and with the batch, and adds the difference. Whether a view starts a visit
 * depends only on the view before it, so of the stored views before the batch's first the
 * recount reads one, the latest (one index probe; of views tied on that time any will do, since
 * only its time is compared): a visitor's earlier views of the last half hour (thousands, for a
 * busy one) are not read again by every batch, which made the writer's cost grow with them.
 * Batches of the same visitor take that visitor's advisory lock first, so each recount sees the
 * other's committed rows.
 *
 * A report's range counts a visit from its first view in the range even when it began before
 * (the raw rule); the stored starts are those of the whole history, so a report adds the visits
 * running across the range's first midnight, read from the raw views within 30 minutes of it.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { VISIT_TIMEOUT_MS } from '../../../shared/analytics/limits.ts';
import type { AppDb } from '../../db/index.ts';
import type { ReportRange } from './report-range.ts';

const GAP = sql`${`${VISIT_TIMEOUT_MS} milliseconds`}::interval`;
const SITE_DAY = (at: SQL, settings: SQL) =>
  sql`(${at} at time zone coalesce(${settings}->>'timeZone', 'UTC'))::date`;

/** Both drivers' raw results carry `rows` (PGlite Results, pg QueryResult). */
export function rowsOf<T>(result: unknown, schema: z.ZodType<T>): T[] {
  return z.array(schema).parse((result as { rows: unknown[] }).rows);
}

/** The columns the visit statements need of each inserted analytics row (with the rollup's). */
export const VISIT_SOURCE_COLUMNS = ['id', 'site_id', 'kind', 'visitor_id', 'occurred_at', 'data'];

/**
 * Takes, in key order, the advisory locks of the (site, visitor) pairs whose page views the batch
 * holds; run in the writing transaction before the write, so two batches of one visitor recount
 * one after the other.
 */
export async function lockVisitors(
  db: AppDb,
  views: readonly { siteId: string; visitorId: string | null; kind: string }[],
): Promise<void> {
  const keys = [
    ...new Set(
      views
        .filter((view) => view.kind === 'page_view' && view.visitorId !== null)
        .map((view) => `${view.siteId} ${view.visitorId ?? ''}`),
    ),
  ].sort();
  if (keys.length === 0) return;
  await db.execute(sql`
    select count(pg_advisory_xact_lock(k)) from (
      select distinct hashtextextended(key, 0) as k from unnest(${sql.param(keys)}::text[]) as key
       order by 1) as locks`);
}

/**
 * CTEs (to follow `inserted`, the batch's INSERT … RETURNING VISIT_SOURCE_COLUMNS) and the upsert
 * adding the batch's difference in visit starts to the rollup; the statement answers the visit
 * rows it brought to 0 (EmptiedVisitRow), for dropEmptyVisitRows.
 */
export function visitUpsertStatement(inserted: SQL): SQL {
  return sql`
    new_views as (
      select id, site_id, visitor_id, occurred_at, data from ${inserted}
       where kind = 'page_view' and visitor_id is not null),
    spans as (
      select site_id, visitor_id, min(occurred_at) as lo, max(occurred_at) as hi
        from new_views group by 1, 2),
    old_views as (
      select e.id, e.site_id, e.visitor_id, e.occurred_at, e.data
        from analytics_events e join spans s on e.site_id = s.site_id and e.visitor_id = s.visitor_id
       where e.kind = 'page_view' and e.visitor_id is not null
         and e.occurred_at between s.lo and s.hi + ${GAP}
      union all
      select before.* from spans s cross join lateral (
        select e.id, e.site_id, e.visitor_id, e.occurred_at, e.data from analytics_events e
         where e.site_id = s.site_id and e.visitor_id = s.visitor_id
           and e.kind = 'page_view' and e.visitor_id is not null
           and e.occurred_at >= s.lo - ${GAP} and e.occurred_at < s.lo
         order by e.occurred_at desc limit 1) before),
    versions as (
      select -1 as sign, * from old_views
      union all select 1, * from old_views
      union all select 1, * from new_views),
    marked as (
      select sign, site_id, visitor_id, occurred_at, data,
             coalesce(occurred_at - lag(occurred_at) over (partition by sign, site_id, visitor_id order by occurred_at, id)
                      > ${GAP}, true) as starts_visit
        from versions),
    diffs as (
      select m.site_id, ${SITE_DAY(sql`m.occurred_at`, sql`st.settings`)} as day,
             analytics_referrer_host(m.data) as key, sum(m.sign)::int as events
        from marked m
        join spans s on s.site_id = m.site_id and s.visitor_id = m.visitor_id
        join sites st on st.id = m.site_id
       where m.starts_visit and m.occurred_at >= s.lo
       group by 1, 2, 3 having sum(m.sign) <> 0),
    added as (
      insert into analytics_daily (site_id, day, metric, key, visitor_id, events)
      select site_id, day, 'visit', key, '', events from diffs order by 1, 2, 3
      on conflict (site_id, metric, day, key, visitor_id)
      do update set events = analytics_daily.events + excluded.events
      returning site_id, day, key, events)
    select site_id, to_char(day, 'YYYY-MM-DD') as day, key from added where events = 0`;
}

/** A visit row the batch brought to 0 (a start moved to another day or host). */
export interface EmptiedVisitRow {
  readonly site_id: string;
  readonly day: string;
  readonly key: string;
}

export const emptiedVisitRow = z.object({ site_id: z.string(), day: z.string(), key: z.string() });

/**
 * Deletes the visit rows the upsert brought to 0. Only a view written out of time order can
 * lower a count, so most batches have none and skip this round trip.
 */
export function dropEmptyVisitRows(emptied: readonly EmptiedVisitRow[]): SQL {
  return sql`delete from analytics_daily d
    using unnest(${sql.param(emptied.map((row) => row.site_id))}::text[],
                 ${sql.param(emptied.map((row) => row.day))}::date[],
                 ${sql.param(emptied.map((row) => row.key))}::text[]) as e(site_id, day, key)
    where d.site_id = e.site_id and d.metric = 'visit' and d.day = e.day and d.key = e.key
      and d.visitor_id = '' and d.events = 0`;
}

export interface ContinuedVisit {
  /** The site day of the visit's first view in the range. */
  readonly date: string;
  /** Its referring host, '' for none. */
  readonly host: string;
}

/**
 * Visits running across the range's first midnight: the raw rule counts each from its first view
 * in the range, which the stored starts do not. Reads only the page views within 30 minutes of
 * that midnight.
 */
export async function visitsContinuedIntoRange(
  db: AppDb,
  siteId: string,
  range: ReportRange,
  timeZone: string,
): Promise<ContinuedVisit[]> {
  const start = sql`(${range.from}::date::timestamp at time zone ${timeZone})`;
  const result = await db.execute(sql`
    select to_char(occurred_at at time zone ${timeZone}, 'YYYY-MM-DD') as date,
           analytics_referrer_host(data) as host
      from (select occurred_at, data,
                   lag(occurred_at) over (partition by visitor_id order by occurred_at, id) as previous
              from analytics_events
             where site_id = ${siteId} and kind = 'page_view' and visitor_id is not null
               and occurred_at >= ${start} - ${GAP} and occurred_at < ${start} + ${GAP}) as views
     where occurred_at >= ${start} and previous < ${start} and occurred_at - previous <= ${GAP}
       and occurred_at < ((${range.to}::date + 1)::timestamp at time zone ${timeZone})`);
  return rowsOf(result, z.object({ date: z.string(), host: z.string() }));
}
