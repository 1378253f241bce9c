/**
 * A product's reviews as template data: the summary (average in half stars, 'N Store Reviews')
 * and the first page of reviews, server-rendered so they show without JavaScript; the reviews
 * island pages on through GET /api/commerce/product/reviews. Undefined when the site's reviews
 * gate is off (storefront.md §9) or the product has none.
 */
import {
  REVIEWS_FIRST_PAGE,
  REVIEWS_PAGE_SIZE,
  REVIEWS_SUMMARY_LIMIT,
  reviewsEnabled,
  starFills,
  summarizeRatings,
} from '../../shared/reviews/index.ts';
import type { AppDb } from '../db/index.ts';
import type { CurrentSite } from '../http/current-site.ts';
import { presentReview } from '../modules/reviews/present.ts';
import { latestRatings, listReviews } from '../modules/reviews/queries.ts';

const stars = (rating: number) => starFills(rating).map((fill) => ({ fill }));

export async function productReviewsContext(db: AppDb, site: CurrentSite, productId: string) {
  if (!reviewsEnabled(site.settings ?? {})) return undefined;
  const [ratings, page] = await Promise.all([
    latestRatings(db, site.id, productId, REVIEWS_SUMMARY_LIMIT + 1),
    listReviews(db, site.id, { page: REVIEWS_FIRST_PAGE, size: REVIEWS_PAGE_SIZE, productId }),
  ]);
  if (ratings.length === 0) return undefined;
  const summary = summarizeRatings(
    ratings.slice(0, REVIEWS_SUMMARY_LIMIT),
    ratings.length > REVIEWS_SUMMARY_LIMIT,
  );
  const dateFormat = new Intl.DateTimeFormat(site.language ?? 'en-US', {
    dateStyle: 'medium',
    timeZone: site.timeZone,
  });
  return {
    ...summary,
    stars: stars(summary.averageRating),
    list: page.rows.map(presentReview).map((review) => ({
      ...review,
      stars: stars(review.starRating),
      date: dateFormat.format(new Date(review.reviewDate)),
    })),
    nextPage: page.hasMore ? REVIEWS_FIRST_PAGE + 1 : null,
  };
}
