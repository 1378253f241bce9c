/**
 * The review summary shown above a product's reviews: the average in half stars out of 5 and
 * the heading ('1000+ Store Reviews' above 999, docs/behaviour/reviews.md#summary-and-heading).
 */
import { REVIEWS_SUMMARY_LIMIT, STAR_COUNT } from './constants.ts';

/**
 * Rounds an average rating to the nearest half star, halves rounding up (4.25 → 4.5,
 * 4.75 → 5), clamped to 0…5. A missing or non-finite average (no reviews) is 0.
 */
export function roundToHalfStar(average: number): number {
  if (!Number.isFinite(average) || average <= 0) return 0;
  // Work in tenths first so floating-point noise (4.2499999…) cannot flip a half step.
  const tenths = Math.round(average * 10);
  const halves = Math.floor((tenths * 2 + 5) / 10);
  return Math.min(STAR_COUNT, halves / 2);
}

/** Average of star ratings rounded to half stars; 0 for none. */
export function averageInHalfStars(ratings: readonly number[]): number {
  if (ratings.length === 0) return 0;
  const sum = ratings.reduce((total, rating) => total + rating, 0);
  return roundToHalfStar(sum / ratings.length);
}

/**
 * The heading above the reviews: 'N Store Reviews', '1 Store Review' for a single one, or
 * '1000+ Store Reviews' above 999.
 */
export function reviewsHeading(count: number): string {
  const shown =
    count > REVIEWS_SUMMARY_LIMIT - 1
      ? `${REVIEWS_SUMMARY_LIMIT}+`
      : String(Math.max(0, Math.trunc(count)));
  return shown === '1' ? '1 Store Review' : `${shown} Store Reviews`;
}

export type StarFill = 'full' | 'half' | 'empty';

/** The five stars of a rating in half steps, left to right ('full', 'half' or 'empty'). */
export function starFills(rating: number): StarFill[] {
  const halfStars = roundToHalfStar(rating);
  return Array.from({ length: STAR_COUNT }, (_, index): StarFill => {
    if (halfStars >= index + 1) return 'full';
    if (halfStars >= index + 0.5) return 'half';
    return 'empty';
  });
}

export interface ReviewSummary {
  /** Average rating in half stars, 0–5 (0 when there are no reviews). */
  readonly averageRating: number;
  /** Number of reviews counted, at most 1000 (the spec's summary fetch). */
  readonly count: number;
  /** True when more reviews exist than were counted. */
  readonly capped: boolean;
  /** 'N Store Reviews' or '1000+ Store Reviews'. */
  readonly heading: string;
  readonly starCount: number;
}

/**
 * The summary of up to 1000 ratings. `moreExist` tells whether further reviews lie beyond the
 * ones given (the heading then shows '1000+').
 */
export function summarizeRatings(ratings: readonly number[], moreExist = false): ReviewSummary {
  const counted = ratings.slice(0, REVIEWS_SUMMARY_LIMIT);
  const capped = moreExist || ratings.length > REVIEWS_SUMMARY_LIMIT;
  return {
    averageRating: averageInHalfStars(counted),
    count: counted.length,
    capped,
    heading: reviewsHeading(capped ? REVIEWS_SUMMARY_LIMIT : counted.length),
    starCount: STAR_COUNT,
  };
}
