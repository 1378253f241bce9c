import { describe, expect, it } from 'vitest';
import {
  REVIEWS_FIRST_PAGE,
  REVIEWS_PAGE_SIZE,
  REVIEWS_SUMMARY_LIMIT,
  STAR_COUNT,
} from './constants.ts';
import {
  averageInHalfStars,
  reviewsHeading,
  roundToHalfStar,
  starFills,
  summarizeRatings,
} from './summary.ts';

describe('review constants (docs/behaviour/reviews.md#summary-and-heading)', () => {
  it('pages by 10 from page 0, summarises up to 1000, shows 5 stars', () => {
    expect(REVIEWS_PAGE_SIZE).toBe(10);
    expect(REVIEWS_FIRST_PAGE).toBe(0);
    expect(REVIEWS_SUMMARY_LIMIT).toBe(1000);
    expect(STAR_COUNT).toBe(5);
  });
});

describe('roundToHalfStar', () => {
  it.each([
    [5, 5],
    [4.74, 4.5],
    [4.75, 5],
    [4.25, 4.5],
    [4.24, 4],
    [4.5, 4.5],
    [1, 1],
    [1.2, 1],
    [3.3333333, 3.5],
    [2.6666667, 2.5],
    [0, 0],
    [Number.NaN, 0],
    [-2, 0],
    [7, 5],
  ])('%d → %d', (average, expected) => {
    expect(roundToHalfStar(average)).toBe(expected);
  });
});

describe('averageInHalfStars', () => {
  it('averages and rounds to half stars; no ratings is 0', () => {
    expect(averageInHalfStars([5, 4])).toBe(4.5);
    expect(averageInHalfStars([5, 4, 4, 4])).toBe(4.5);
    expect(averageInHalfStars([5, 5, 4])).toBe(4.5);
    expect(averageInHalfStars([5, 5, 5, 4])).toBe(5);
    expect(averageInHalfStars([1, 2])).toBe(1.5);
    expect(averageInHalfStars([])).toBe(0);
  });
});

describe('reviewsHeading', () => {
  it("shows the count, one review in the singular, and '1000+ Store Reviews' above 999", () => {
    expect(reviewsHeading(0)).toBe('0 Store Reviews');
    expect(reviewsHeading(1)).toBe('1 Store Review');
    expect(reviewsHeading(2)).toBe('2 Store Reviews');
    expect(reviewsHeading(999)).toBe('999 Store Reviews');
    expect(reviewsHeading(1000)).toBe('1000+ Store Reviews');
    expect(reviewsHeading(25_000)).toBe('1000+ Store Reviews');
  });
});

describe('starFills', () => {
  it('fills five stars in half steps', () => {
    expect(starFills(4.5)).toEqual(['full', 'full', 'full', 'full', 'half']);
    expect(starFills(3.3)).toEqual(['full', 'full', 'full', 'half', 'empty']);
    expect(starFills(0)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
    expect(starFills(5)).toHaveLength(5);
  });
});

describe('summarizeRatings', () => {
  it('summarises the demo pair as 4.5 stars and 2 reviews', () => {
    expect(summarizeRatings([5, 4])).toEqual({
      averageRating: 4.5,
      count: 2,
      capped: false,
      heading: '2 Store Reviews',
      starCount: 5,
    });
  });

  it('counts at most 1000 ratings and says 1000+ when more exist', () => {
    const many = Array.from({ length: 1200 }, (_, i) => (i < 1000 ? 4 : 1));
    const summary = summarizeRatings(many);
    expect(summary.count).toBe(1000);
    expect(summary.averageRating).toBe(4);
    expect(summary.capped).toBe(true);
    expect(summary.heading).toBe('1000+ Store Reviews');
    expect(summarizeRatings([3], true)).toMatchObject({
      count: 1,
      capped: true,
      heading: '1000+ Store Reviews',
    });
  });

  it('has no reviews as 0 stars and 0 Store Reviews', () => {
    expect(summarizeRatings([])).toMatchObject({
      averageRating: 0,
      count: 0,
      heading: '0 Store Reviews',
    });
  });
});
