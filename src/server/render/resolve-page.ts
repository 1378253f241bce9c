/**
 * Which page a path is, and the template data it renders with: home, a collection (its
 * products), an ordinary page, or a product item; undefined when nothing published lives there.
 */
import type { Database } from '../db/index.ts';
import type { CurrentSite } from '../http/current-site.ts';
import {
  getPublishedCollection,
  getPublishedPage,
  listPublishedProducts,
} from '../modules/catalog/content-queries.ts';
import { getProductByUrl } from '../modules/catalog/queries.ts';
import { PAGE_TYPES } from './page-types.ts';
import { productItemContext } from './product-context.ts';

export interface ResolvedPage {
  /** Theme template name, without the extension. */
  readonly template: string;
  readonly pageType: number;
  readonly title: string | undefined;
  readonly context: Record<string, unknown>;
}

/** How many products the home page features. */
export const FEATURED_PRODUCT_COUNT = 4;

export async function resolvePage(
  database: Database,
  site: CurrentSite,
  path: string,
): Promise<ResolvedPage | undefined> {
  const { db } = database;
  if (path === '/') {
    const featured = await listPublishedProducts(db, site.id, { limit: FEATURED_PRODUCT_COUNT });
    return {
      template: 'home',
      pageType: PAGE_TYPES.PAGE,
      title: undefined,
      context: { items: featured.map((product) => productItemContext(product, site.currency)) },
    };
  }
  const [collection, page, product] = await Promise.all([
    getPublishedCollection(db, site.id, path),
    getPublishedPage(db, site.id, path),
    getProductByUrl(db, site.id, path),
  ]);
  if (collection) {
    const products = await listPublishedProducts(db, site.id, { collectionId: collection.id });
    return {
      template: 'collection',
      pageType: PAGE_TYPES.MAIN_CONTENT,
      title: collection.title,
      context: {
        collection: {
          id: collection.id,
          title: collection.title,
          fullUrl: collection.fullUrl,
          type: collection.type,
          description: collection.description,
        },
        items: products.map((item) => productItemContext(item, site.currency)),
      },
    };
  }
  if (page) {
    return {
      template: 'page',
      pageType: PAGE_TYPES.PAGE,
      title: page.title,
      context: {
        page: {
          id: page.id,
          title: page.title,
          fullUrl: page.fullUrl,
          body: page.body,
          description: page.description,
        },
      },
    };
  }
  if (product) {
    return {
      template: 'item',
      pageType: PAGE_TYPES.CONTENT_ITEM,
      title: product.title,
      context: { item: productItemContext(product, site.currency) },
    };
  }
  return undefined;
}
