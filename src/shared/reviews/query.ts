/**
 * Query schemas of the reviews API: GET /api/commerce/product/reviews?page&size&productId
 * (docs/behaviour/reviews.md#review-calls; page 0 and size 10 by default) and the summary's ?productId.
 */
import { z } from 'zod';
import { REVIEWS_FIRST_PAGE, REVIEWS_MAX_PAGE_SIZE, REVIEWS_PAGE_SIZE } from './constants.ts';

/** A whole number written in plain digits ("007" is fine, "1e3", "-1", "1.5" and "" are not). */
function wholeNumber(what: string, min: number, max: number) {
  return z
    .string()
    .regex(/^\d{1,9}$/, `${what} must be a whole number`)
    .transform(Number)
    .pipe(
      z
        .int()
        .min(min, `${what} must be at least ${min}`)
        .max(max, `${what} must be at most ${max}`),
    );
}

const productId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'productId is not a product id');

export const reviewsListQuery = z.object({
  page: wholeNumber('page', 0, 1_000_000).default(REVIEWS_FIRST_PAGE),
  size: wholeNumber('size', 1, REVIEWS_MAX_PAGE_SIZE).default(REVIEWS_PAGE_SIZE),
  productId: productId.optional(),
});
export type ReviewsListQuery = z.output<typeof reviewsListQuery>;

export const reviewsSummaryQuery = z.object({
  productId: productId.optional(),
});
export type ReviewsSummaryQuery = z.output<typeof reviewsSummaryQuery>;
