/** What other modules, pages and the composition root use of the inventory module. */
export { findPublishedProduct } from './product-lookup.ts';
