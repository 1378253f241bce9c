/** Reviews constants (docs/behaviour/reviews.md#limits). */

/** Reviews per page, and the page a list starts at. */
export const REVIEWS_PAGE_SIZE = 10;
export const REVIEWS_FIRST_PAGE = 0;
/** Largest page size a caller may ask for (ours: the spec only fixes the default). */
export const REVIEWS_MAX_PAGE_SIZE = 100;
/** The summary reads at most this many reviews; above 999 the heading says '1000+'. */
export const REVIEWS_SUMMARY_LIMIT = 1000;
/** Stars shown for a rating, filled in half steps. */
export const STAR_COUNT = 5;
