/**
 * Reviews reads: a page of reviews newest first (by review date, then id, so pages never shift
 * between equal dates) and the ratings the summary averages. Only reviews of published products
 * are shown; the product's title comes along as the review's productName.
 */
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { schema, type AppDb } from '../../db/index.ts';
import { publishedNow } from '../content/index.ts';

const { sites, products, reviews } = schema;

export interface ReviewRow {
  userName: string;
  reviewDate: Date;
  starRating: number;
  reviewText: string;
  imageUrl: string | null;
  productId: string;
  productName: string;
}

function visibleReviews(siteId: string, productId: string | undefined): SQL | undefined {
  return and(
    eq(reviews.siteId, siteId),
    publishedNow(products),
    productId === undefined ? undefined : eq(reviews.productId, productId),
  );
}

/** One page of reviews, plus whether another page follows (one extra row is read to know). */
export async function listReviews(
  db: AppDb,
  siteId: string,
  options: { page: number; size: number; productId?: string | undefined },
): Promise<{ rows: ReviewRow[]; hasMore: boolean }> {
  const rows = await db
    .select({
      userName: reviews.userName,
      reviewDate: reviews.reviewDate,
      starRating: reviews.starRating,
      reviewText: reviews.reviewText,
      imageUrl: reviews.imageUrl,
      productId: reviews.productId,
      productName: products.title,
    })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(visibleReviews(siteId, options.productId))
    .orderBy(desc(reviews.reviewDate), desc(reviews.id))
    .limit(options.size + 1)
    .offset(options.page * options.size);
  return { rows: rows.slice(0, options.size), hasMore: rows.length > options.size };
}

/** The newest `limit` star ratings (the summary reads up to 1000 and one more to know of more). */
export async function latestRatings(
  db: AppDb,
  siteId: string,
  productId: string | undefined,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .select({ starRating: reviews.starRating })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(visibleReviews(siteId, productId))
    .orderBy(desc(reviews.reviewDate), desc(reviews.id))
    .limit(limit);
  return rows.map((row) => row.starRating);
}

/** Whether a published product with this id belongs to the site. */
export async function productIsListed(
  db: AppDb,
  siteId: string,
  productId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.siteId, siteId), publishedNow(products)));
  return row !== undefined;
}

/** The site's stored settings (feature flags and store settings among them). */
export async function siteSettings(db: AppDb, siteId: string): Promise<unknown> {
  const [row] = await db
    .select({ settings: sites.settings })
    .from(sites)
    .where(eq(sites.id, siteId));
  return row?.settings;
}
