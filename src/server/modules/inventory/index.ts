/** What the composition root and other modules use of the inventory module. */
export { findPublishedProduct } from './product-lookup.ts';
export { registerInventoryRoutes } from './routes.ts';
