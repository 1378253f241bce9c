/**
 * The daily rollup of visitor analytics (docs/adr/015-analytics-daily-rollup.md): analytics rows
 * turned into `analytics_daily` rows by the database function `analytics_daily_facts` (migration
 * 0022), grouped by site, the site's calendar day, metric, key and visitor, and added to what is
 * there. Adding is one upsert (`events = events + excluded.events`), so batches written at the
 * same time by several processes add up exactly; rows are upserted in key order so two such
 * batches lock shared rows in the same order and never deadlock.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AppDb } from '../../db/index.ts';

/** The raw columns the rollup reads of each analytics row. */
export const ROLLUP_SOURCE_COLUMNS = [
  'site_id',
  'kind',
  'event_name',
  'visitor_id',
  'page_path',
  'product_id',
  'occurred_at',
  'data',
] as const;

/**
 * The upsert adding the rows of `source` (a CTE name or a table, with ROLLUP_SOURCE_COLUMNS) to
 * the rollup. A site without a time zone setting counts in UTC days.
 */
export function rollupStatement(source: SQL, where: SQL = sql`true`): SQL {
  return sql`
    insert into analytics_daily (site_id, day, metric, key, visitor_id, events)
    select r.site_id, (r.occurred_at at time zone coalesce(s.settings->>'timeZone', 'UTC'))::date,
           f.metric, f.key, coalesce(r.visitor_id, ''), count(*)::int
      from ${source} r
      join sites s on s.id = r.site_id
     cross join lateral analytics_daily_facts(r.kind, r.event_name, r.page_path, r.product_id, r.data) f
     where ${where}
     group by 1, 3, 2, 4, 5
     order by 1, 3, 2, 4, 5
    on conflict (site_id, metric, day, key, visitor_id)
    do update set events = analytics_daily.events + excluded.events`;
}

/**
 * Rolls up a site's analytics rows again from the raw rows, visits included (the database
 * function `analytics_daily_rebuild`, migration 0023), in one statement: for rows written around
 * ingestion (imports, benchmarks' seeds). A change of the site's time zone calls the same
 * function from a trigger, since the rollup's days are the site's days.
 */
export async function rebuildDailyRollup(db: AppDb, siteId: string): Promise<void> {
  await db.execute(sql`select analytics_daily_rebuild(${siteId})`);
}
