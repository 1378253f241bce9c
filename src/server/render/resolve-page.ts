/**
 * Which page a path is, and the template data it renders with: home, a collection (its products,
 * or the posts and events of a generic collection), an ordinary page, a product or a post/event;
 * undefined when nothing published lives there (a 404).
 *
 * Access comes after publication: a password-protected page or collection (and everything in
 * the collection) resolves to the lock screen (401, page type 105) until this visitor session
 * unlocks it; a members-only one to the member-area-access-denied page (403, 106) unless a site
 * user is logged in.
 */
import type { CurrentSite } from '../http/current-site.ts';
import {
  getCollectionById,
  getProductByUrl,
  getPublishedCollection,
  getPublishedPage,
  listPublishedProducts,
} from '../modules/catalog/index.ts';
import { guardPage, mayOpen, protectionOf, type Protection } from '../modules/content/index.ts';
import { getPublishedItem, listPublishedItems } from '../modules/content/index.ts';
import { isPublishedAt } from '../modules/content/index.ts';
import { GENERIC_COLLECTION_TYPE } from '../../shared/site-file/index.ts';
import type { Database } from '../db/index.ts';
import {
  collectionContext,
  itemContext,
  pageFormBlocks,
  type ContentContextOptions,
} from './content-context.ts';
import type { PageVisitor, ResolvedPage } from './page-routes.ts';
import { PAGE_TYPES } from './page-types.ts';
import { productItemContext } from './product-context.ts';
import { purchaseFormContext } from './purchase-form.ts';
import { productReviewsContext } from './reviews-context.ts';
import { loadForm } from '../modules/forms/index.ts';
import { galleryBlocks } from './gallery-block.ts';
import { homeContext } from './home-context.ts';

export type { PageVisitor, ResolvedPage };

/** Nobody: no unlocks, no login. Protected pages stay locked for callers that pass no visitor. */
const NOBODY: PageVisitor = { sessionId: '', signedIn: false, origin: '' };

/** How many products the home page features. */
export const FEATURED_PRODUCT_COUNT = 4;

/** What post and event data need of the site (from the cached site: no query). */
function contentOptions(site: CurrentSite, origin: string): ContentContextOptions {
  return {
    timeZone: site.timeZone,
    language: site.language ?? 'en-US',
    origin,
    shareButtonOptions: site.settings?.shareButtonOptions,
  };
}

/**
 * What lives at a path, whoever asks: the page and what guards it. It depends on the site, the
 * path and the origin only (never on the visitor), so page-cache.ts can keep it for a while.
 */
export interface FoundPage {
  readonly page: ResolvedPage;
  /** What guards the page (its own or its collection's); undefined when it is open to all. */
  readonly protection: Protection | undefined;
}

/** Finds the published page at a path; undefined when nothing published lives there. */
export type PageFinder = (
  site: CurrentSite,
  path: string,
  origin: string,
) => Promise<FoundPage | undefined>;

export function pageFinder(database: Database): PageFinder {
  return (site, path, origin) => findPage(database, site, path, origin);
}

async function findPage(
  database: Database,
  site: CurrentSite,
  path: string,
  origin: string,
): Promise<FoundPage | undefined> {
  const { db } = database;
  const found = async (
    protection: Protection | undefined,
    open: () => Promise<ResolvedPage> | ResolvedPage,
  ): Promise<FoundPage> => ({ protection, page: await open() });
  if (path === '/') {
    const [featured, home] = await Promise.all([
      listPublishedProducts(db, site.id, { limit: FEATURED_PRODUCT_COUNT }),
      homeContext(db, site),
    ]);
    return found(undefined, () => ({
      template: 'home',
      pageType: PAGE_TYPES.PAGE,
      title: undefined,
      // The featured products' cards.
      carriesStock: true,
      context: {
        items: featured.map((product) => productItemContext(product, site.currency)),
        home,
        // At the root: the featured list's heading is read from inside its products' section.
        featuredHeading: home.featured?.heading,
      },
    }));
  }
  const [collection, page, product, entry] = await Promise.all([
    getPublishedCollection(db, site.id, path),
    getPublishedPage(db, site.id, path),
    getProductByUrl(db, site.id, path, { includeUnpublished: true }),
    getPublishedItem(db, site.id, path),
  ]);
  const options = contentOptions(site, origin);

  if (collection) {
    return found(protectionOf('collection', collection), async () => {
      if (collection.type === GENERIC_COLLECTION_TYPE) {
        const items = await listPublishedItems(db, collection.id);
        return {
          template: 'blog',
          pageType: PAGE_TYPES.MAIN_CONTENT,
          title: collection.title,
          context: {
            collection: collectionContext(collection),
            items: items.map((item) => itemContext(item, options)),
          },
        };
      }
      const products = await listPublishedProducts(db, site.id, { collectionId: collection.id });
      return {
        template: 'collection',
        pageType: PAGE_TYPES.MAIN_CONTENT,
        title: collection.title,
        carriesStock: true,
        context: {
          collection: {
            ...collectionContext(collection),
            view: collection.view,
            isListView: collection.view === 'list',
          },
          items: products.map((item) => productItemContext(item, site.currency)),
        },
      };
    });
  }
  if (page) {
    const formBlocks = await pageFormBlocks(db, site, page);
    const pageGalleryBlocks = await galleryBlocks(db, site.id, page.blocks);
    return found(protectionOf('page', page), () => ({
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
          formBlocks,
          galleryBlocks: pageGalleryBlocks,
        },
      },
    }));
  }
  if (product && isPublishedAt(product, new Date())) {
    const [home, reviews, form] = await Promise.all([
      product.collectionId ? getCollectionById(db, product.collectionId) : undefined,
      productReviewsContext(db, site, product.id),
      product.additionalFieldsFormId
        ? loadForm(db, site.id, product.additionalFieldsFormId)
        : undefined,
    ]);
    return found(home && protectionOf('collection', home), () => ({
      template: 'item',
      pageType: PAGE_TYPES.CONTENT_ITEM,
      title: product.title,
      carriesStock: true,
      context: {
        item: productItemContext(product, site.currency),
        reviews,
        // The product's collection for its breadcrumb trail (not `collection`: that is the
        // collection page's own, and names the page context's collectionId).
        ...(home ? { breadcrumbCollection: { title: home.title, fullUrl: home.fullUrl } } : {}),
        purchase: purchaseFormContext({ ...product, variants: product.variants }, form?.fields),
      },
    }));
  }
  if (entry) {
    return found(protectionOf('collection', entry.collection), () => {
      const item = itemContext(entry.item, options);
      return {
        template: 'isEvent' in item ? 'event' : 'post',
        pageType: PAGE_TYPES.CONTENT_ITEM,
        title: entry.item.title,
        context: { item, collection: collectionContext(entry.collection) },
      };
    });
  }
  return undefined;
}

/**
 * The page at a path as this visitor sees it: the page itself, or the lock screen or member-area
 * page standing in for it when the visitor may not open it; undefined for a 404.
 */
export async function resolvePage(
  database: Database,
  site: CurrentSite,
  path: string,
  visitor: PageVisitor = NOBODY,
  find: PageFinder = pageFinder(database),
): Promise<ResolvedPage | undefined> {
  const found = await find(site, path, visitor.origin);
  if (!found) return undefined;
  const { protection } = found;
  if (!protection) return { ...found.page, openToAll: true };
  if (await mayOpen(database.db, visitor, protection)) return found.page;
  return guardPage(protection, path);
}
