/**
 * The search page's product cards: the page's product hits as the same template data a
 * collection's cards get (product-context.ts), read in one query for the whole page of hits so a
 * page of ten products costs one round trip, not ten.
 */
import type { Database } from '../db/index.ts';
import { listPublishedProducts } from '../modules/catalog/index.ts';
import type { SearchProductCards } from '../modules/content/index.ts';
import { productItemContext } from './product-context.ts';

export function searchProductCards(database: Database): SearchProductCards {
  return async (site, ids) => {
    const products = await listPublishedProducts(database.db, site.id, { ids });
    return new Map(
      products.map((product) => [product.id, productItemContext(product, site.currency)]),
    );
  };
}
