/**
 * Content beyond products (docs/behaviour/templates.md#template-data): blog posts and events, the items of a generic
 * collection (collection type 1), and the password unlocks of protected pages and collections.
 *
 * - A post is record type text (1), an event record type event (12); both share one table so
 *   a collection lists, searches and exports its items with one query.
 * - Content status as for pages and products: only `published`, or `scheduled` once its
 *   `publish_on` has passed, is shown to visitors. A scheduled item must say when (CHECK).
 * - An event has a start and an end, the end not before the start (CHECK).
 * - Unlocks are bound to the visitor session (a hash of its id, never the id itself) and to the
 *   password they were made with: a new password makes old unlocks worthless.
 */
import { relations, sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, flag, labelList, parentId, timestamptz, updatedAt } from './schema-columns.ts';
import { CONTENT_STATUSES, collections, type ContentStatus } from './schema-catalog.ts';
import { siteRowColumns, sites } from './schema-sites.ts';

/** Where an event takes place (docs/behaviour/templates.md#template-data: location). */
export interface EventLocation {
  addressTitle?: string;
  addressLine1?: string;
  addressLine2?: string;
  addressCountry?: string;
  mapLat?: number;
  mapLng?: number;
}

/** Record type codes of content items (docs/behaviour/templates.md#enumerations). */
export const CONTENT_RECORD_TYPES = { TEXT: 1, EVENT: 12 } as const;

export const contentItems = pgTable(
  'content_items',
  {
    ...siteRowColumns(),
    collectionId: parentId('collection_id', () => collections.id),
    /** text 1 (a blog post) or event 12. */
    recordType: smallint('record_type').notNull(),
    title: text('title').notNull(),
    fullUrl: text('full_url').notNull(),
    status: text('status').$type<ContentStatus>().notNull().default('published'),
    /** When the item was (or, scheduled, will be) published. */
    publishOn: timestamptz('publish_on'),
    excerpt: text('excerpt'),
    /** Merchant-authored HTML (trusted: it comes from the site owner, not visitors). */
    body: text('body'),
    authorName: text('author_name'),
    tags: labelList('tags'),
    categories: labelList('categories'),
    startDate: timestamptz('start_date'),
    endDate: timestamptz('end_date'),
    allDay: flag('all_day'),
    location: jsonb('location').$type<EventLocation>(),
    /** A post's source article (http(s)); with passthrough its link goes straight there. */
    sourceUrl: text('source_url'),
    passthrough: flag('passthrough'),
    /** Likes as the site file counted them (simple liking). */
    likeCount: integer('like_count').notNull().default(0),
    /** Order within its collection, as in the site file. */
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('content_items_site_url_key').on(t.siteId, t.fullUrl),
    index('content_items_collection_idx').on(t.collectionId, t.publishOn),
    check(
      'content_items_status_check',
      sql.raw(`status in (${CONTENT_STATUSES.map((s) => `'${s}'`).join(', ')})`),
    ),
    check('content_items_record_type_check', sql`${t.recordType} in (1, 12)`),
    check(
      'content_items_scheduled_check',
      sql`${t.status} <> 'scheduled' or ${t.publishOn} is not null`,
    ),
    check(
      'content_items_event_dates_check',
      sql`${t.recordType} <> 12 or (${t.startDate} is not null and ${t.endDate} is not null and ${t.endDate} >= ${t.startDate})`,
    ),
  ],
);

export const contentUnlocks = pgTable(
  'content_unlocks',
  {
    /** sha256 of the visitor session id. */
    sessionHash: text('session_hash').notNull(),
    siteId: parentId('site_id', () => sites.id),
    /** What was unlocked: `page:<id>` or `collection:<id>`. */
    target: text('target').notNull(),
    /** sha256 of the stored password hash the visitor matched. */
    passwordFingerprint: text('password_fingerprint').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.sessionHash, t.target] })],
);

export const contentItemsRelations = relations(contentItems, ({ one }) => ({
  site: one(sites, { fields: [contentItems.siteId], references: [sites.id] }),
  collection: one(collections, {
    fields: [contentItems.collectionId],
    references: [collections.id],
  }),
}));
