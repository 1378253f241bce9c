/**
 * The reviews island's props (built by src/server/render/reviews-context.ts, read back by
 * src/islands/reviews): the summary, the first batch as the server rendered it, and the cursor
 * for 'See More Reviews'. Props arrive as JSON, so the island checks their shape. Zod Mini:
 * these schemas ship to the browser, where the full API's methods would add about 25 KB.
 */
import { z } from 'zod/mini';

const review = z.object({
  userName: z.string(),
  reviewDate: z.string(),
  starRating: z.number(),
  reviewText: z.string(),
  productName: z.string(),
  productId: z.string(),
  imageUrl: z.optional(z.string()),
});

export const reviewsCursorSchema = z.object({
  productId: z.string(),
  productNextPage: z.nullable(z.int().check(z.minimum(0))),
  othersNextPage: z.nullable(z.int().check(z.minimum(0))),
  othersBuffer: z.readonly(z.array(review)),
});

export const reviewsIslandProps = z.object({
  productId: z.string(),
  /** 'N Store Reviews' or '1000+ Store Reviews'. */
  heading: z.string(),
  /** Average in half stars, 0–5. */
  averageRating: z.number(),
  /** The first batch, each with the date as the server printed it. */
  reviews: z.array(z.extend(review, { date: z.string() })),
  cursor: reviewsCursorSchema,
  /** For the dates of reviews loaded later. */
  locale: z.string(),
  timeZone: z.string(),
});
export type ReviewsIslandProps = z.infer<typeof reviewsIslandProps>;
export type ReviewsApiAnswer = z.infer<typeof reviewsApiAnswer>;

/** GET /api/commerce/product/reviews as the island reads it. */
export const reviewsApiAnswer = z.object({
  data: z.object({
    productReviews: z.array(review),
    nextPage: z.nullable(z.int().check(z.minimum(0))),
  }),
});

/** The summary after the product title: average in half stars and the heading. */
export const reviewSummaryProps = z.object({ averageRating: z.number(), heading: z.string() });
