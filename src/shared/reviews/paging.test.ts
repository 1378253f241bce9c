import { describe, expect, it, vi } from 'vitest';
import {
  hasMoreReviews,
  nextReviewsBatch,
  startCursor,
  type FetchReviewsPage,
  type ReviewsPageRequest,
} from './paging.ts';
import type { Review } from './review.ts';

const review = (productId: string, n: number): Review => ({
  userName: `${productId}-${n}`,
  reviewDate: new Date(Date.UTC(2026, 0, 1) - n * 86_400_000).toISOString(),
  starRating: 5,
  reviewText: 'Good',
  productName: productId,
  productId,
});

/** An in-memory reviews API: `store` newest first, paged like the real one. */
function api(store: readonly Review[]): FetchReviewsPage & { calls: ReviewsPageRequest[] } {
  const calls: ReviewsPageRequest[] = [];
  const fetchPage = vi.fn(async (request: ReviewsPageRequest) => {
    calls.push(request);
    const all = request.productId ? store.filter((r) => r.productId === request.productId) : store;
    const start = request.page * request.size;
    return {
      productReviews: all.slice(start, start + request.size),
      nextPage: all.length > start + request.size ? request.page + 1 : null,
    };
  });
  return Object.assign(fetchPage, { calls });
}

const many = (productId: string, count: number) =>
  Array.from({ length: count }, (_, i) => review(productId, i));

describe('nextReviewsBatch (docs/behaviour/reviews.md#loading-the-list)', () => {
  it("pages through more than 10 of the product's own, then tops up from others", async () => {
    const store = [...many('shirt', 12), ...many('mug', 15)];
    const fetchPage = api(store);
    const first = await nextReviewsBatch(startCursor('shirt'), fetchPage);
    expect(first.reviews.map((r) => r.userName)).toEqual(many('shirt', 10).map((r) => r.userName));
    expect(hasMoreReviews(first.cursor)).toBe(true);

    const second = await nextReviewsBatch(first.cursor, fetchPage);
    expect(second.reviews).toHaveLength(10);
    expect(second.reviews.slice(0, 2).map((r) => r.userName)).toEqual(['shirt-10', 'shirt-11']);
    expect(second.reviews.slice(2).every((r) => r.productId === 'mug')).toBe(true);

    const third = await nextReviewsBatch(second.cursor, fetchPage);
    expect(third.reviews).toHaveLength(7);
    expect(hasMoreReviews(third.cursor)).toBe(false);
    const shown = [...first.reviews, ...second.reviews, ...third.reviews].map((r) => r.userName);
    expect(new Set(shown).size).toBe(27);
  });

  it('tops up a product with fewer than 10 from other products, never repeating its own', async () => {
    const store = [...many('mug', 3), ...many('notebook', 2), ...many('tote', 9)];
    const fetchPage = api(store);
    const first = await nextReviewsBatch(startCursor('notebook'), fetchPage);
    expect(first.reviews).toHaveLength(10);
    expect(first.reviews.slice(0, 2).map((r) => r.productId)).toEqual(['notebook', 'notebook']);
    expect(first.reviews.slice(2).some((r) => r.productId === 'notebook')).toBe(false);
    expect(fetchPage.calls[0]).toEqual({ page: 0, size: 10, productId: 'notebook' });
    expect(fetchPage.calls[1]).toEqual({ page: 0, size: 10 });

    const rest = await nextReviewsBatch(first.cursor, fetchPage);
    expect(rest.reviews).toHaveLength(4);
    expect(hasMoreReviews(rest.cursor)).toBe(false);
  });

  it('stops when nothing further remains', async () => {
    const fetchPage = api(many('shirt', 10));
    const first = await nextReviewsBatch(startCursor('shirt'), fetchPage);
    expect(first.reviews).toHaveLength(10);
    const next = await nextReviewsBatch(first.cursor, fetchPage);
    expect(next.reviews).toEqual([]);
    expect(hasMoreReviews(next.cursor)).toBe(false);
  });

  it('keeps a failed fetch from changing the cursor', async () => {
    const cursor = startCursor('shirt');
    await expect(
      nextReviewsBatch(cursor, () => Promise.reject(new Error('offline'))),
    ).rejects.toThrow('offline');
    expect(hasMoreReviews(cursor)).toBe(true);
    expect(cursor.productNextPage).toBe(0);
  });
});
