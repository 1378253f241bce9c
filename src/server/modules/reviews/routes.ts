/**
 * Reviews HTTP routes (docs/behaviour/reviews.md#review-calls; docs/behaviour/api-and-data-rules.md#api-shapes keeps the spec's shapes):
 *
 * - GET /api/commerce/product/reviews?page&size&productId → { data: { productReviews, nextPage } }:
 *   page 0 and size 10 by default (size 1–100, page ≥ 0; anything else is 400), newest first,
 *   nextPage null when nothing further remains; without productId, all the store's reviews.
 * - GET /api/vitrine/reviews/summary?productId → { data: { averageRating, count, capped, heading,
 *   starCount } } over the newest 1000 reviews (the spec's summary fetch).
 *
 * Both answer 404 REVIEWS_NOT_ENABLED while the feature gate is off (docs/behaviour/reviews.md#feature-gate), and 404
 * ITEM_NOT_FOUND for a productId that is not a published product of the store.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../shared/errors.ts';
import {
  REVIEWS_SUMMARY_LIMIT,
  reviewsEnabled,
  reviewsListQuery,
  reviewsSummaryQuery,
  summarizeRatings,
  type ReviewsListResponse,
  type ReviewSummary,
} from '../../../shared/reviews/index.ts';
import type { Database } from '../../db/index.ts';
import type { CurrentSite } from '../../http/current-site.ts';
import { presentReview } from './present.ts';
import { latestRatings, listReviews, productIsListed, siteSettings } from './queries.ts';

export interface ReviewsRouteDeps {
  readonly database: Database;
}

export function registerReviewsRoutes(app: FastifyInstance, deps: ReviewsRouteDeps): void {
  const { db } = deps.database;

  /** The site, once the gate is known to be on and the product (if named) to be listed. */
  async function reviewsSite(
    site: CurrentSite,
    productId: string | undefined,
  ): Promise<CurrentSite> {
    // Read per request, not cached with the site: an owner turning reviews off takes effect now.
    if (!reviewsEnabled(await siteSettings(db, site.id))) throw new AppError('REVIEWS_NOT_ENABLED');
    if (productId !== undefined && !(await productIsListed(db, site.id, productId))) {
      throw new AppError('ITEM_NOT_FOUND');
    }
    return site;
  }

  app.get(
    '/api/commerce/product/reviews',
    { config: { site: 'required' } },
    async (request): Promise<ReviewsListResponse> => {
      const query = reviewsListQuery.parse(request.query);
      const site = await reviewsSite(request.site, query.productId);
      const { rows, hasMore } = await listReviews(db, site.id, query);
      return {
        data: {
          productReviews: rows.map(presentReview),
          nextPage: hasMore ? query.page + 1 : null,
        },
      };
    },
  );

  app.get(
    '/api/vitrine/reviews/summary',
    { config: { site: 'required' } },
    async (request): Promise<{ data: ReviewSummary }> => {
      const query = reviewsSummaryQuery.parse(request.query);
      const site = await reviewsSite(request.site, query.productId);
      // One rating beyond the limit says whether the heading needs its '+'.
      const ratings = await latestRatings(db, site.id, query.productId, REVIEWS_SUMMARY_LIMIT + 1);
      return {
        data: summarizeRatings(
          ratings.slice(0, REVIEWS_SUMMARY_LIMIT),
          ratings.length > REVIEWS_SUMMARY_LIMIT,
        ),
      };
    },
  );
}
