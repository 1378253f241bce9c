/**
 * A product's reviews as template data: the summary (average in half stars, 'N Store Reviews')
 * for the line after the title, and the reviews island's props: the first batch of 10 (the
 * product's own, topped up from other products' reviews when it has fewer) and the cursor the
 * island pages on with through GET /api/commerce/product/reviews. The island renders them on the
 * server too, so they show without JavaScript. Undefined when the site's reviews gate is off
 * (docs/behaviour/reviews.md#feature-gate) or the product has no reviews (docs/behaviour/reviews.md#loading-the-list).
 */
import {
  nextReviewsBatch,
  REVIEWS_SUMMARY_LIMIT,
  reviewsEnabled,
  startCursor,
  starFills,
  summarizeRatings,
  type FetchReviewsPage,
  type ReviewsIslandProps,
} from '../../shared/reviews/index.ts';
import type { AppDb } from '../db/index.ts';
import type { CurrentSite } from '../http/current-site.ts';
import { presentReview } from '../modules/reviews/index.ts';
import { latestRatings, listReviews } from '../modules/reviews/index.ts';

const stars = (rating: number) => starFills(rating).map((fill) => ({ fill }));

export async function productReviewsContext(db: AppDb, site: CurrentSite, productId: string) {
  if (!reviewsEnabled(site.settings ?? {})) return undefined;
  const ratings = await latestRatings(db, site.id, productId, REVIEWS_SUMMARY_LIMIT + 1);
  if (ratings.length === 0) return undefined;
  const summary = summarizeRatings(
    ratings.slice(0, REVIEWS_SUMMARY_LIMIT),
    ratings.length > REVIEWS_SUMMARY_LIMIT,
  );
  const fetchPage: FetchReviewsPage = async (request) => {
    const page = await listReviews(db, site.id, request);
    return {
      productReviews: page.rows.map(presentReview),
      nextPage: page.hasMore ? request.page + 1 : null,
    };
  };
  const first = await nextReviewsBatch(startCursor(productId), fetchPage);
  const locale = site.language ?? 'en-US';
  const dateFormat = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeZone: site.timeZone,
  });
  const island: ReviewsIslandProps = {
    productId,
    heading: summary.heading,
    averageRating: summary.averageRating,
    reviews: first.reviews.map((review) => ({
      ...review,
      date: dateFormat.format(new Date(review.reviewDate)),
    })),
    cursor: first.cursor,
    locale,
    timeZone: site.timeZone,
  };
  return { ...summary, stars: stars(summary.averageRating), island };
}
