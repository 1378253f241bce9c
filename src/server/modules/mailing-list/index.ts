/** What the composition root and other modules use of the mailing-list module. */
export { confirmSubscription } from './confirm.ts';
export { CONFIRM_PATH, UNSUBSCRIBE_PAGE_PATH } from './links.ts';
export { LINK_RATE_LIMIT, MESSAGES } from './messages.ts';
export { registerMailingListRoutes } from './routes.ts';
export { subscribe } from './subscribe.ts';
export { unsubscribe } from './unsubscribe.ts';
export { registerNewsletterPages } from './newsletter-pages.ts';
