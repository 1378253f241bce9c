/** The reviews API as the island calls it (docs/behaviour/reviews.md#review-calls): page, size, optional productId. */
import { reviewsApiAnswer } from '../../shared/reviews/island-props.ts';
import type { FetchReviewsPage, ReviewsPageRequest } from '../../shared/reviews/paging.ts';

export const REVIEWS_API_PATH = '/api/commerce/product/reviews';

export function reviewsUrl(request: ReviewsPageRequest): string {
  const query = new URLSearchParams({ page: String(request.page), size: String(request.size) });
  if (request.productId !== undefined) query.set('productId', request.productId);
  return `${REVIEWS_API_PATH}?${query.toString()}`;
}

export function reviewsFetcher(fetchImpl: typeof fetch = fetch): FetchReviewsPage {
  return async (request) => {
    const response = await fetchImpl(reviewsUrl(request), {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`Reviews failed to load: HTTP ${response.status}`);
    return reviewsApiAnswer.parse(await response.json()).data;
  };
}
