/** What the composition root and other modules use of the store-admin module. */
export { registerStoreAdminRoutes } from './routes.ts';
