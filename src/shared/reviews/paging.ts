/**
 * How the reviews list grows (docs/behaviour/reviews.md#loading-the-list): the product's own reviews
 * first, 10 to a page; when they run out (or there are fewer than 10), the batch is topped up
 * from other products' reviews; 'See More Reviews' asks for the next batch the same way and
 * hides when nothing further remains. The same function builds the server's first batch (from
 * the database) and the island's later ones (from GET /api/commerce/product/reviews).
 *
 * Other products' reviews come from the store-wide list (no productId), skipping this product's
 * own; what a fetched page holds beyond the batch waits in `othersBuffer` for the next one.
 */
import { REVIEWS_FIRST_PAGE, REVIEWS_PAGE_SIZE } from './constants.ts';
import type { Review } from './review.ts';

export interface ReviewsCursor {
  readonly productId: string;
  /** The next page of this product's reviews; null when they are all shown. */
  readonly productNextPage: number | null;
  /** The next page of the store-wide list; null when it is exhausted. */
  readonly othersNextPage: number | null;
  /** Other products' reviews fetched but not shown yet. */
  readonly othersBuffer: readonly Review[];
}

export interface ReviewsPageRequest {
  readonly page: number;
  readonly size: number;
  /** Absent: every product's reviews. */
  readonly productId?: string;
}

export interface ReviewsPageAnswer {
  readonly productReviews: readonly Review[];
  readonly nextPage: number | null;
}

export type FetchReviewsPage = (request: ReviewsPageRequest) => Promise<ReviewsPageAnswer>;

export function startCursor(productId: string): ReviewsCursor {
  return {
    productId,
    productNextPage: REVIEWS_FIRST_PAGE,
    othersNextPage: REVIEWS_FIRST_PAGE,
    othersBuffer: [],
  };
}

/** Whether 'See More Reviews' has anything left to load. */
export function hasMoreReviews(cursor: ReviewsCursor): boolean {
  return (
    cursor.productNextPage !== null ||
    cursor.othersNextPage !== null ||
    cursor.othersBuffer.length > 0
  );
}

export interface ReviewsBatch {
  readonly reviews: readonly Review[];
  readonly cursor: ReviewsCursor;
}

/**
 * The next batch of up to `size` reviews: this product's next page if any, topped up from other
 * products' reviews when it holds fewer than `size`. A failing fetch rejects; the cursor given
 * stays valid, so the caller can simply try again later.
 */
export async function nextReviewsBatch(
  cursor: ReviewsCursor,
  fetchPage: FetchReviewsPage,
  size = REVIEWS_PAGE_SIZE,
): Promise<ReviewsBatch> {
  const reviews: Review[] = [];
  let { productNextPage, othersNextPage } = cursor;
  let buffer = [...cursor.othersBuffer];

  if (productNextPage !== null) {
    const answer = await fetchPage({ page: productNextPage, size, productId: cursor.productId });
    reviews.push(...answer.productReviews);
    productNextPage = answer.nextPage;
  }
  while (reviews.length < size && productNextPage === null) {
    if (buffer.length === 0) {
      if (othersNextPage === null) break;
      const answer = await fetchPage({ page: othersNextPage, size });
      buffer = answer.productReviews.filter((review) => review.productId !== cursor.productId);
      othersNextPage = answer.nextPage;
      continue;
    }
    reviews.push(...buffer.splice(0, size - reviews.length));
  }
  return {
    reviews,
    cursor: { productId: cursor.productId, productNextPage, othersNextPage, othersBuffer: buffer },
  };
}
