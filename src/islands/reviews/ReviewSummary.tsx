/**
 * The review summary after the product title (docs/behaviour/reviews.md#summary-and-heading): the average in half stars
 * out of 5 and the count ('N Store Reviews'), linking down to the reviews. Rendered on the
 * server; it has no behaviour of its own.
 */
import Stars from './Stars.tsx';

export interface ReviewSummaryProps {
  readonly averageRating: number;
  readonly heading: string;
}

export default function ReviewSummary({ averageRating, heading }: ReviewSummaryProps) {
  return (
    <p className="review-summary">
      <a href="#reviews">
        <Stars rating={averageRating} />{' '}
        <span className="visually-hidden">Rated {averageRating} out of 5,</span> {heading}
      </a>
    </p>
  );
}
