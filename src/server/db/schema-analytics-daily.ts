/**
 * The daily rollup of visitor analytics (docs/adr/015-analytics-daily-rollup.md): what the owner's
 * reports count, written in the same statement as the raw rows, so a report reads a few rows per
 * day and key instead of every hit. One row per site, site day, metric, key and visitor, holding
 * how many hits it stands for: sums give counts, `count(distinct visitor_id)` gives visitors over
 * any range of days exactly. `visitor_id` is '' for hits without one (the raw column's CHECK
 * keeps real ids at least one character long, so '' is never a visitor).
 *
 * The metrics and their keys (the database function `analytics_daily_facts`, migration 0022):
 * kind (the row's kind), page (page path of a page view), device (Phone, Tablet, Desktop, Unknown
 * of a page view), checkout (a page view of the checkout page, key ''), product_view, quick_view
 * and add_to_cart (product id), search (the normalised keyword) and form_render (form id).
 * Besides those, visit (migration 0023, visit-rollup.ts): visits begun that day by referring
 * host (key '' when none), under visitor '' since visits are only ever summed.
 */
import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { parentId } from './schema-columns.ts';
import { sites } from './schema-sites.ts';

export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    siteId: parentId('site_id', () => sites.id),
    /** The calendar day in the site's time zone when the hits were taken. */
    day: date('day', { mode: 'string' }).notNull(),
    metric: text('metric').notNull(),
    key: text('key').notNull(),
    visitorId: text('visitor_id').notNull(),
    events: integer('events').notNull(),
  },
  (t) => [
    // Reports ask for one site's metric over a range of days: the key's prefix serves them.
    primaryKey({ columns: [t.siteId, t.metric, t.day, t.key, t.visitorId] }),
    // Visit rows are adjusted by signed differences (a view written late can take a visit's start
    // from the view after it), and a CHECK applies to the row an upsert proposes, before it is
    // added to the stored one: those rows are left out here; the writer deletes the ones at 0.
    check('analytics_daily_events_check', sql`${t.events} > 0 or ${t.metric} = 'visit'`),
  ],
);
