/** What the composition root and other modules use of the restock module. */
export { registerRestockRoutes, type RestockRouteDeps } from './routes.ts';
export type { RestockAutoSender } from './auto-send.ts';
export { restockNotice, RESTOCK_NOTICE_KIND } from './notice-email.ts';
