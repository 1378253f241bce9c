/**
 * A stored review as the API answers it (docs/behaviour/reviews.md#the-review): plain text only, whatever
 * reached the row, and an image URL only when it is http(s) or site-relative (never a
 * `javascript:` or `data:` URL a client might put in an src).
 */
import { plainReviewText, stripMarkup, type Review } from '../../../shared/reviews/index.ts';
import type { ReviewRow } from './queries.ts';

function safeImageUrl(url: string | null): string | undefined {
  if (url === null) return undefined;
  const trimmed = url.trim();
  if (/^\/(?!\/)/.test(trimmed)) return trimmed;
  try {
    const parsed = new URL(trimmed);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

export function presentReview(row: ReviewRow): Review {
  const imageUrl = safeImageUrl(row.imageUrl);
  return {
    userName: stripMarkup(row.userName).trim(),
    reviewDate: row.reviewDate.toISOString(),
    starRating: row.starRating,
    reviewText: plainReviewText(row.reviewText),
    productName: row.productName,
    productId: row.productId,
    ...(imageUrl === undefined ? {} : { imageUrl }),
  };
}
