/** The review and the list response (docs/behaviour/reviews.md#the-review). */

export interface Review {
  readonly userName: string;
  /** ISO 8601 instant. */
  readonly reviewDate: string;
  /** 1–5. */
  readonly starRating: number;
  readonly reviewText: string;
  readonly productName: string;
  readonly productId: string;
  readonly imageUrl?: string;
}

export interface ReviewsListResponse {
  readonly data: {
    readonly productReviews: readonly Review[];
    /** The next page number, or null when nothing further remains. */
    readonly nextPage: number | null;
  };
}
