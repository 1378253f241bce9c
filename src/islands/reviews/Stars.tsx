/** Five stars in half steps (docs/behaviour/reviews.md#summary-and-heading), decorative: the text beside them says the rating. */
import { starFills } from '../../shared/reviews/summary.ts';

export default function Stars({ rating }: { readonly rating: number }) {
  return (
    <span className="stars" aria-hidden="true">
      {starFills(rating).map((fill, index) => (
        <span key={index} className={`star star-${fill}`} />
      ))}
    </span>
  );
}
