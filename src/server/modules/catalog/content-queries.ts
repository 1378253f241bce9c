/**
 * Reads of a site's published content for rendering: navigation, pages, collections and the
 * products listed in them. Unpublished records (draft, needs review, private, and scheduled
 * ones whose time has not come: modules/content/publication.ts) never come back from these.
 * Protected and members-only records do: the page routes decide who may open them.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { schema, type AppDb } from '../../db/index.ts';
import { publishedNow } from '../content/index.ts';
import type { ProductWithVariants } from './queries.ts';

const { collections, pages, products, variants } = schema;

export type PageRow = typeof pages.$inferSelect;
export type CollectionRow = typeof collections.$inferSelect;

export interface NavigationLink {
  readonly title: string;
  readonly fullUrl: string;
}

/** Published collections, then published pages, each in the merchant's order. */
export async function listNavigation(db: AppDb, siteId: string): Promise<NavigationLink[]> {
  const link = { title: collections.title, fullUrl: collections.fullUrl };
  const [collectionLinks, pageLinks] = await Promise.all([
    db
      .select(link)
      .from(collections)
      .where(and(eq(collections.siteId, siteId), publishedNow(collections)))
      .orderBy(asc(collections.position), asc(collections.title)),
    db
      .select({ title: pages.title, fullUrl: pages.fullUrl })
      .from(pages)
      .where(and(eq(pages.siteId, siteId), publishedNow(pages)))
      .orderBy(asc(pages.position), asc(pages.title)),
  ]);
  return [...collectionLinks, ...pageLinks];
}

export async function getPublishedPage(
  db: AppDb,
  siteId: string,
  fullUrl: string,
): Promise<PageRow | undefined> {
  const [page] = await db
    .select()
    .from(pages)
    .where(and(eq(pages.siteId, siteId), eq(pages.fullUrl, fullUrl), publishedNow(pages)))
    .limit(1);
  return page;
}

export async function getPublishedCollection(
  db: AppDb,
  siteId: string,
  fullUrl: string,
): Promise<CollectionRow | undefined> {
  const [collection] = await db
    .select()
    .from(collections)
    .where(
      and(
        eq(collections.siteId, siteId),
        eq(collections.fullUrl, fullUrl),
        publishedNow(collections),
      ),
    )
    .limit(1);
  return collection;
}

/**
 * A collection by id, published or not: a product page's breadcrumb and its collection's lock
 * follow the collection the product belongs to.
 */
export async function getCollectionById(db: AppDb, id: string): Promise<CollectionRow | undefined> {
  const [collection] = await db.select().from(collections).where(eq(collections.id, id)).limit(1);
  return collection;
}

/**
 * Published products with their variants, in collection order (or the whole site's, capped), or
 * those of `ids` (a page of search hits). One query: the variants come in the same statement.
 */
export async function listPublishedProducts(
  db: AppDb,
  siteId: string,
  options: { collectionId?: string; limit?: number; ids?: readonly string[] } = {},
): Promise<ProductWithVariants[]> {
  if (options.ids?.length === 0) return [];
  return db.query.products.findMany({
    where: and(
      eq(products.siteId, siteId),
      publishedNow(products),
      ...(options.collectionId ? [eq(products.collectionId, options.collectionId)] : []),
      ...(options.ids ? [inArray(products.id, [...options.ids])] : []),
    ),
    orderBy: [asc(products.position), asc(products.title)],
    with: { variants: { orderBy: [asc(variants.position), asc(variants.id)] } },
    ...(options.limit ? { limit: options.limit } : {}),
  });
}
