/**
 * What the sitemap lists: every page, collection, product, blog post and event a visitor who is
 * not logged in and typed no password may open. The rules are the site's own: publication at
 * now() (content/publication.ts) in SQL, and the access rules of content/access.ts (a record's
 * own lock, or the lock of the collection that holds it, and the site-wide lock) in code, so the
 * sitemap never names a page a crawler would find locked.
 */
import { and, eq } from 'drizzle-orm';
import { schema, type AppDb } from '../../db/index.ts';
import type { CurrentSite } from '../../http/current-site.ts';
import { protectionOf, publishedNow, siteProtection } from '../content/index.ts';

const { collections, contentItems, pages, products, sites } = schema;

export interface SitemapEntry {
  /** The path on the site, starting with '/'. */
  readonly path: string;
  readonly lastModified: Date;
}

interface Lockable {
  readonly id: string;
  readonly title: string;
  readonly passwordHash: string | null;
  readonly membersOnly: boolean;
}

const lockColumns = {
  id: collections.id,
  title: collections.title,
  passwordHash: collections.passwordHash,
  membersOnly: collections.membersOnly,
};

/** A record published later than its last edit was last changed, for a crawler, when it appeared. */
function lastModified(updatedAt: Date, publishOn: Date | null): Date {
  return publishOn !== null && publishOn > updatedAt ? publishOn : updatedAt;
}

export async function sitemapEntries(db: AppDb, site: CurrentSite): Promise<SitemapEntry[]> {
  if (siteProtection(site)) return [];
  const [siteRows, collectionRows, pageRows, productRows, itemRows, allCollections] =
    await Promise.all([
      db.select({ updatedAt: sites.updatedAt }).from(sites).where(eq(sites.id, site.id)),
      db
        .select({
          ...lockColumns,
          fullUrl: collections.fullUrl,
          updatedAt: collections.updatedAt,
          publishOn: collections.publishOn,
        })
        .from(collections)
        .where(and(eq(collections.siteId, site.id), publishedNow(collections))),
      db
        .select({
          id: pages.id,
          title: pages.title,
          passwordHash: pages.passwordHash,
          membersOnly: pages.membersOnly,
          fullUrl: pages.fullUrl,
          updatedAt: pages.updatedAt,
          publishOn: pages.publishOn,
        })
        .from(pages)
        .where(and(eq(pages.siteId, site.id), publishedNow(pages))),
      db
        .select({
          fullUrl: products.fullUrl,
          collectionId: products.collectionId,
          updatedAt: products.updatedAt,
          publishOn: products.publishOn,
        })
        .from(products)
        .where(and(eq(products.siteId, site.id), publishedNow(products))),
      // A post or an event is shown only while its collection is published too.
      db
        .select({
          fullUrl: contentItems.fullUrl,
          collectionId: contentItems.collectionId,
          updatedAt: contentItems.updatedAt,
          publishOn: contentItems.publishOn,
        })
        .from(contentItems)
        .innerJoin(collections, eq(collections.id, contentItems.collectionId))
        .where(
          and(
            eq(contentItems.siteId, site.id),
            publishedNow(contentItems),
            publishedNow(collections),
          ),
        ),
      // A product's page opens whatever the status of its collection, under that collection's lock.
      db.select(lockColumns).from(collections).where(eq(collections.siteId, site.id)),
    ]);

  const lockById = new Map<string, Lockable>(allCollections.map((row) => [row.id, row]));
  const openCollection = (collectionId: string | null): boolean => {
    const home = collectionId === null ? undefined : lockById.get(collectionId);
    return home === undefined || protectionOf('collection', home) === undefined;
  };

  const entries: SitemapEntry[] = [];
  const add = (path: string, updatedAt: Date, publishOn: Date | null) =>
    entries.push({ path, lastModified: lastModified(updatedAt, publishOn) });

  const siteRow = siteRows[0];
  if (siteRow && !pageRows.some((page) => page.fullUrl === '/')) add('/', siteRow.updatedAt, null);
  for (const page of pageRows)
    if (protectionOf('page', page) === undefined) add(page.fullUrl, page.updatedAt, page.publishOn);
  for (const collection of collectionRows)
    if (protectionOf('collection', collection) === undefined)
      add(collection.fullUrl, collection.updatedAt, collection.publishOn);
  for (const product of productRows)
    if (openCollection(product.collectionId))
      add(product.fullUrl, product.updatedAt, product.publishOn);
  for (const item of itemRows)
    if (openCollection(item.collectionId)) add(item.fullUrl, item.updatedAt, item.publishOn);

  return entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
