/** What other modules use of the catalog module's stock writes. */
export { decrementStock, returnStock, type DecrementResult } from './stock.ts';
export {
  getCollectionById,
  getPublishedCollection,
  getPublishedPage,
  listNavigation,
  listPublishedProducts,
  type CollectionRow,
  type NavigationLink,
} from './content-queries.ts';
export { getProductByUrl, type ProductWithVariants, type StockResult } from './queries.ts';
export { productImages } from './product-images.ts';
