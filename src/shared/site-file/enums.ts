/** Codes and names the import file shares with the database (docs/behaviour/site-import-export.md#codes). */

/** Product type codes live with the catalog rules; re-exported for readers of the format. */
export { PRODUCT_TYPES } from '../catalog/product-types.ts';

/** Collection type codes of the platform's data model, by name. */
export const COLLECTION_TYPES = {
  generic: 1,
  subscription: 2,
  twitter: 3,
  foursquare: 4,
  instagram: 5,
  'gallery-block': 6,
  'template-page': 7,
  'splash-page': 8,
  page: 10,
  fivehundredpix: 11,
  flickr: 12,
  products: 13,
  'slide-gallery': 15,
  'slide-album': 16,
  'slide-video': 17,
  'album-block': 18,
} as const;
export const COLLECTION_TYPE_CODES: ReadonlySet<number> = new Set(Object.values(COLLECTION_TYPES));

/** What opening a folder collection does: show its index, redirect to its first page, or nothing. */
export const FOLDER_BEHAVIORS = { index: 1, redirect: 2, none: 3 } as const;

/** Where a page background comes from. */
export const BACKGROUND_SOURCES = { upload: 1, instagram: 2, video: 3, none: 4 } as const;

/** Content status; anything without one is published. */
export const CONTENT_STATUSES = [
  'published',
  'scheduled',
  'needs-review',
  'draft',
  'private',
] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** How a collection page lists its items (docs/behaviour/storefront-pages.md#collection-views; the item is the product view). */
export const COLLECTION_VIEWS = ['grid', 'list'] as const;
export type CollectionView = (typeof COLLECTION_VIEWS)[number];

/** How the product form offers a product's options (docs/behaviour/products-and-variants.md#variant-selection: dropdowns or radio buttons). */
export const VARIANT_DISPLAYS = ['dropdown', 'radio'] as const;
export type VariantDisplay = (typeof VARIANT_DISPLAYS)[number];

export const BILLING_PERIOD_UNITS = ['WEEK', 'MONTH', 'YEAR'] as const;
export type BillingPeriodUnit = (typeof BILLING_PERIOD_UNITS)[number];

/** Form field types live with the form rules; re-exported for readers of the format. */
export {
  FORM_FIELD_TYPES,
  MAX_LENGTH_FIELD_TYPES,
  OPTION_FIELD_TYPES,
  type FormFieldType,
} from '../forms/field-types.ts';

/** Limits enforced on import (docs/behaviour/site-import-export.md#limits-checked-on-import). */
export const LIMITS = {
  tagLength: 50,
  categoryLength: 25,
  productsPerCollection: 200,
  blocksPerLayout: 60,
  /** A gallery block's images are the one orderable collection a site file holds. */
  itemsPerOrderableCollection: 250,
  /** Largest amount an integer column holds (PostgreSQL int4). */
  maxMinorUnits: 2_147_483_647,
  maxQtyInStock: 2_147_483_647,
} as const;
