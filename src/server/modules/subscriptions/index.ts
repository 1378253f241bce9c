/** What other modules, pages and the composition root use of the subscriptions module. */
export { registerSubscriptionPage } from './subscription-page.ts';
