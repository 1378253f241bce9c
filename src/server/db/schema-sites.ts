/** The sites: one row a store, its settings kept as given by the import file. */
import { sql } from 'drizzle-orm';
import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, parentId, updatedAt } from './schema-columns.ts';

// ---------------------------------------------------------------------------------------------
// JSON column shapes. They mirror src/shared/site-file (the import format) but are declared
// here so the database layer does not depend on the import module.

/** Site settings: the store currency and time zone, plus the site's other settings as given. */
export interface SiteSettings {
  /** ISO 4217 code of the store currency; catalog prices are in this currency. */
  currency: string;
  /** IANA time zone used for dates shown on the site. */
  timeZone: string;
  /** BCP 47 language tag of the site. */
  language: string;
  [key: string]: unknown;
}

export const sites = pgTable('sites', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  settings: jsonb('settings')
    .$type<SiteSettings>()
    .notNull()
    .default(sql`'{"currency":"USD","timeZone":"America/New_York","language":"en-US"}'::jsonb`),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The first columns of a row that belongs to a site: its id, and its site, which it goes with. */
export const siteRowColumns = () => ({
  id: text('id').primaryKey(),
  siteId: parentId('site_id', () => sites.id),
});
