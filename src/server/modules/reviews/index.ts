/** What the composition root and other modules use of the reviews module. */
export { presentReview } from './present.ts';
export { latestRatings, listReviews } from './queries.ts';
export { registerReviewsRoutes } from './routes.ts';
