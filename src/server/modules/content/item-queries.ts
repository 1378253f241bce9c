/**
 * Reads of posts and events for rendering: an item by its URL and the items a collection
 * lists, only those published now (publication.ts) in a collection published now.
 */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { schema, type AppDb } from '../../db/index.ts';
import { CONTENT_RECORD_TYPES } from '../../db/schema-content.ts';
import { publishedNow } from './publication.ts';

const { contentItems, collections } = schema;

export type ContentItemRow = typeof contentItems.$inferSelect;
export type CollectionRow = typeof collections.$inferSelect;

export interface ItemWithCollection {
  readonly item: ContentItemRow;
  readonly collection: CollectionRow;
}

export async function getPublishedItem(
  db: AppDb,
  siteId: string,
  fullUrl: string,
): Promise<ItemWithCollection | undefined> {
  return publishedItemWhere(db, siteId, eq(contentItems.fullUrl, fullUrl));
}

/** The site's one published item matching `match`, in a published collection, with it. */
async function publishedItemWhere(
  db: AppDb,
  siteId: string,
  ...match: SQL[]
): Promise<ItemWithCollection | undefined> {
  const [row] = await db
    .select({ item: contentItems, collection: collections })
    .from(contentItems)
    .innerJoin(collections, eq(collections.id, contentItems.collectionId))
    .where(
      and(
        eq(contentItems.siteId, siteId),
        ...match,
        publishedNow(contentItems),
        publishedNow(collections),
      ),
    )
    .limit(1);
  return row;
}

/** How many items a collection page lists (the newest posts, the next events first). */
export const COLLECTION_PAGE_SIZE = 50;

/**
 * A collection's published items: posts newest first (by publish time, undated ones last, then
 * file order); events by start date.
 */
export async function listPublishedItems(
  db: AppDb,
  collectionId: string,
): Promise<ContentItemRow[]> {
  const isEvent = sql`${contentItems.recordType} = ${CONTENT_RECORD_TYPES.EVENT}`;
  return db
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.collectionId, collectionId), publishedNow(contentItems)))
    .orderBy(
      asc(contentItems.recordType),
      asc(sql`case when ${isEvent} then ${contentItems.startDate} end`),
      desc(sql`coalesce(${contentItems.publishOn}, ${contentItems.createdAt})`),
      asc(contentItems.position),
    )
    .limit(COLLECTION_PAGE_SIZE);
}

export async function getPublishedEventById(
  db: AppDb,
  siteId: string,
  itemId: string,
): Promise<ItemWithCollection | undefined> {
  return publishedItemWhere(
    db,
    siteId,
    eq(contentItems.id, itemId),
    eq(contentItems.recordType, CONTENT_RECORD_TYPES.EVENT),
  );
}
