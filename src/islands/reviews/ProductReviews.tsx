/**
 * The product's reviews (docs/behaviour/reviews.md#loading-the-list): the heading 'N Store Reviews', the average,
 * a list of 10 (topped up from other products' reviews when the product has fewer), and 'See
 * More Reviews', which loads the next batch and hides when nothing further remains. The server
 * renders the first batch (no JavaScript needed to read it); the button appears once hydrated.
 * A failed load goes to the error reporter and the loading indicator simply disappears.
 * Reviewers' words are always rendered as text.
 */
import { useEffect, useMemo, useState } from 'react';
// The reviews modules one by one, not their index: its server-side settings schemas would
// bring the full zod API into the browser bundle.
import { reviewsIslandProps } from '../../shared/reviews/island-props.ts';
import {
  hasMoreReviews,
  nextReviewsBatch,
  type ReviewsCursor,
} from '../../shared/reviews/paging.ts';
import type { Review } from '../../shared/reviews/review.ts';
import { reviewsFetcher } from './fetch-reviews.ts';
import { reportError } from './report-error.ts';
import Stars from './Stars.tsx';

export const SEE_MORE_LABEL = 'See More Reviews';

type ShownReview = Review & { readonly date: string };

function ReviewItem({ review, productId }: { review: ShownReview; productId: string }) {
  return (
    <li className="review">
      <p className="review-rating">
        <Stars rating={review.starRating} />
        <span className="visually-hidden">{review.starRating} out of 5 stars</span>
      </p>
      {review.productId !== productId && (
        <p className="review-product">Review of {review.productName}</p>
      )}
      <p className="review-text">{review.reviewText}</p>
      <p className="review-byline">
        {review.userName} · <time dateTime={review.reviewDate}>{review.date}</time>
      </p>
    </li>
  );
}

export default function ProductReviews(raw: Record<string, unknown>) {
  const parsed = reviewsIslandProps.safeParse(raw);
  const [reviews, setReviews] = useState<readonly ShownReview[]>(
    parsed.success ? parsed.data.reviews : [],
  );
  const [cursor, setCursor] = useState<ReviewsCursor | null>(
    parsed.success ? parsed.data.cursor : null,
  );
  const [loading, setLoading] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const locale = parsed.success ? parsed.data.locale : 'en-US';
  const timeZone = parsed.success ? parsed.data.timeZone : 'UTC';
  const dateFormat = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }),
    [locale, timeZone],
  );
  if (!parsed.success || !cursor) return null;
  const { productId, heading, averageRating } = parsed.data;

  const seeMore = async () => {
    setLoading(true);
    try {
      const batch = await nextReviewsBatch(cursor, reviewsFetcher());
      setReviews((shown) => [
        ...shown,
        ...batch.reviews.map((review) => ({
          ...review,
          date: dateFormat.format(new Date(review.reviewDate)),
        })),
      ]);
      setCursor(batch.cursor);
    } catch (error) {
      reportError(error);
    } finally {
      setLoading(false);
    }
  };

  return (
    <section className="reviews" id="reviews" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading">{heading}</h2>
      <p className="review-average">
        <Stars rating={averageRating} /> {averageRating} out of 5
      </p>
      <ol className="review-list">
        {reviews.map((review, index) => (
          <ReviewItem key={index} review={review} productId={productId} />
        ))}
      </ol>
      {loading && (
        <p className="reviews-loading" role="status">
          Loading reviews…
        </p>
      )}
      {hydrated && hasMoreReviews(cursor) && (
        <button
          type="button"
          className="button reviews-more"
          disabled={loading}
          onClick={() => void seeMore()}
        >
          {SEE_MORE_LABEL}
        </button>
      )}
    </section>
  );
}
