import { describe, expect, it } from 'vitest';
import { presentReview } from './present.ts';
import type { ReviewRow } from './queries.ts';

const row: ReviewRow = {
  userName: 'Maya R.',
  reviewDate: new Date('2026-06-14T16:20:00Z'),
  starRating: 5,
  reviewText: 'Lovely.',
  imageUrl: null,
  productId: 'linen-shirt',
  productName: 'Linen Shirt',
};

describe('presentReview', () => {
  it('answers the spec review, without imageUrl when there is none', () => {
    expect(presentReview(row)).toEqual({
      userName: 'Maya R.',
      reviewDate: '2026-06-14T16:20:00.000Z',
      starRating: 5,
      reviewText: 'Lovely.',
      productName: 'Linen Shirt',
      productId: 'linen-shirt',
    });
  });

  it.each([
    ['/assets/r.jpg', '/assets/r.jpg'],
    ['https://cdn.example/r.jpg', 'https://cdn.example/r.jpg'],
    ['http://cdn.example/r.jpg', 'http://cdn.example/r.jpg'],
    ['javascript:alert(1)', undefined],
    ['data:image/svg+xml,<svg onload=alert(1)>', undefined],
    ['//evil.example/r.jpg', undefined],
    ['not a url', undefined],
  ])('keeps only http(s) or site-relative image URLs: %s', (imageUrl, expected) => {
    expect(presentReview({ ...row, imageUrl }).imageUrl).toBe(expected);
  });

  it('strips markup from the reviewer name and text', () => {
    const shown = presentReview({
      ...row,
      userName: '<i>Eve</i>',
      reviewText: ' <b>Bad</b><script>x()</script> ',
    });
    expect(shown.userName).toBe('Eve');
    expect(shown.reviewText).toBe('Badx()');
  });
});
