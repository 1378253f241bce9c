import { describe, expect, it } from 'vitest';
import { reviewsListQuery } from './query.ts';

describe('reviewsListQuery', () => {
  it('defaults to page 0 and size 10', () => {
    expect(reviewsListQuery.parse({})).toEqual({ page: 0, size: 10 });
  });

  it('reads page, size and productId', () => {
    expect(reviewsListQuery.parse({ page: '3', size: '100', productId: 'linen-shirt' })).toEqual({
      page: 3,
      size: 100,
      productId: 'linen-shirt',
    });
  });

  it.each([
    [{ size: '0' }],
    [{ size: '101' }],
    [{ size: '-1' }],
    [{ size: '1.5' }],
    [{ size: 'ten' }],
    [{ page: '-1' }],
    [{ page: '1e3' }],
    [{ page: '' }],
    [{ productId: '<script>' }],
    [{ productId: '' }],
  ])('refuses %o', (query) => {
    expect(reviewsListQuery.safeParse(query).success).toBe(false);
  });
});
