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
 */
import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { sites } from './schema-sites.ts';

export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
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
    check('analytics_daily_events_check', sql`${t.events} > 0`),
  ],
);
