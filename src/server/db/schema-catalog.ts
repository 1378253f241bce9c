/** The catalog the import file brings: collections, pages, forms, products, variants, reviews. */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  unique,
  uniqueIndex,
  foreignKey,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  COLLECTION_VIEWS,
  CONTENT_STATUSES,
  type CollectionView,
  type VariantDisplay,
  VARIANT_DISPLAYS,
  type ContentStatus,
} from '../../shared/site-file/enums.ts';
import {
  createdAt,
  flag,
  labelList,
  parentId,
  statusCheck,
  timestamptz,
  updatedAt,
} from './schema-columns.ts';
import { siteRowColumns } from './schema-sites.ts';

export { CONTENT_STATUSES, type ContentStatus };

// ---------------------------------------------------------------------------------------------
// JSON column shapes. They mirror src/shared/site-file (the import format) but are declared
// here so the database layer does not depend on the import module.

export interface SubscriptionPlan {
  billingPeriod: { value: number; unit: 'WEEK' | 'MONTH' | 'YEAR' };
  /** 0 means the subscription renews until cancelled. */
  numBillingCycles: number;
}

export interface ProductImage {
  id: string;
  /** As the site file gives it: an https:// address, a site path, or a file beside the file. */
  url: string;
  altText?: string;
  /** Where the subject is, 0–1 from the left and from the top; absent: the centre. */
  focalPoint?: { x: number; y: number };
  /** The image's colours by name (six hex digits each), as the site file gives them. */
  colorData?: Record<string, string>;
  /** The stored copy of an image file shipped with the site (src/server/modules/images). */
  original?: {
    version: string;
    format: 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';
    width: number;
    height: number;
  };
}

export interface FormField {
  id: string;
  type: string;
  title?: string;
  required: boolean;
  maxLength?: number;
  options?: string[];
  description?: string;
  placeholder?: string;
  [key: string]: unknown;
}

/** Form settings beyond name and fields (the spec's form definition). */
export interface FormSettings {
  submissionMessage?: string;
  submissionHTML?: string;
  successRedirect?: string;
  disclaimerMessage?: string;
  captchaEnabled?: boolean;
  validationDisabled?: boolean;
  captchaTheme?: string;
  captchaAlignment?: string;
}

// ---------------------------------------------------------------------------------------------
// Site content

export const collections = pgTable(
  'collections',
  {
    ...siteRowColumns(),
    title: text('title').notNull(),
    fullUrl: text('full_url').notNull(),
    /** The spec's collection type code (products 13, page 10, …). */
    type: smallint('type').notNull().default(13),
    status: text('status').$type<ContentStatus>().notNull().default('published'),
    description: text('description'),
    /** When a scheduled record appears (and when a published one was published). */
    publishOn: timestamptz('publish_on'),
    /** Encoded scrypt hash of the visitor password (modules/content/page-password.ts); null: open. */
    passwordHash: text('password_hash'),
    /** Only logged-in site users may see it. */
    membersOnly: flag('members_only'),
    /** How the collection page lists its items: a grid of cards or a list (docs/behaviour/storefront-pages.md#collection-views). */
    view: text('view').$type<CollectionView>().notNull().default('grid'),
    /** Likes as the site file counted them (simple liking). */
    likeCount: integer('like_count').notNull().default(0),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('collections_site_url_key').on(t.siteId, t.fullUrl),
    statusCheck('collections_status_check'),
    check(
      'collections_view_check',
      sql.raw(`view in (${COLLECTION_VIEWS.map((v) => `'${v}'`).join(', ')})`),
    ),
  ],
);

export const pages = pgTable(
  'pages',
  {
    ...siteRowColumns(),
    title: text('title').notNull(),
    fullUrl: text('full_url').notNull(),
    status: text('status').$type<ContentStatus>().notNull().default('published'),
    description: text('description'),
    /** When a scheduled record appears (and when a published one was published). */
    publishOn: timestamptz('publish_on'),
    /** Encoded scrypt hash of the visitor password (modules/content/page-password.ts); null: open. */
    passwordHash: text('password_hash'),
    /** Only logged-in site users may see it. */
    membersOnly: flag('members_only'),
    /** Merchant-authored HTML body (trusted: it comes from the site owner, not visitors). */
    body: text('body'),
    /** Layout blocks, each `{ type, … }`; at most 60 (docs/behaviour/storefront-pages.md#layout-limits). */
    blocks: jsonb('blocks').$type<Record<string, unknown>[]>().notNull().default([]),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('pages_site_url_key').on(t.siteId, t.fullUrl),
    statusCheck('pages_status_check'),
  ],
);

export const forms = pgTable('forms', {
  ...siteRowColumns(),
  name: text('name').notNull().default('My Form Name'),
  fields: jsonb('fields').$type<FormField[]>().notNull().default([]),
  settings: jsonb('settings').$type<FormSettings>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------------------------------------
// Catalog

export const products = pgTable(
  'products',
  {
    ...siteRowColumns(),
    collectionId: text('collection_id').references(() => collections.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    fullUrl: text('full_url').notNull(),
    /**
     * PHYSICAL 1, DIGITAL 2, SERVICE 3, GIFT_CARD 4, PAYWALL 5. Other positive codes are kept
     * (the storefront treats an unknown type; it is listed but not purchasable).
     */
    productType: smallint('product_type').notNull(),
    status: text('status').$type<ContentStatus>().notNull().default('published'),
    /** When a scheduled product appears. */
    publishOn: timestamptz('publish_on'),
    description: text('description'),
    excerpt: text('excerpt'),
    tags: labelList('tags'),
    categories: labelList('categories'),
    images: jsonb('images').$type<ProductImage[]>().notNull().default([]),
    isSubscribable: flag('is_subscribable'),
    subscriptionPlan: jsonb('subscription_plan').$type<SubscriptionPlan>(),
    additionalFieldsFormId: text('additional_fields_form_id').references(() => forms.id, {
      onDelete: 'set null',
    }),
    useCustomAddButtonText: flag('use_custom_add_button_text'),
    customAddButtonText: text('custom_add_button_text'),
    /** Dropdowns, or the radio layout, for the product form's options. */
    variantDisplay: text('variant_display').$type<VariantDisplay>().notNull().default('dropdown'),
    /** Option names in display order, e.g. ["Size", "Colour"]. */
    variantOptionOrdering: jsonb('variant_option_ordering').$type<string[]>().notNull().default([]),
    /** Order within its collection. */
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_site_url_key').on(t.siteId, t.fullUrl),
    index('products_collection_idx').on(t.collectionId, t.position),
    check('products_product_type_check', sql`${t.productType} > 0`),
    statusCheck('products_status_check'),
    check(
      'products_variant_display_check',
      sql.raw(`variant_display in (${VARIANT_DISPLAYS.map((v) => `'${v}'`).join(', ')})`),
    ),
    check(
      'products_subscription_plan_check',
      sql`not ${t.isSubscribable} or ${t.subscriptionPlan} is not null`,
    ),
  ],
);

export const variants = pgTable(
  'variants',
  {
    id: text('id').primaryKey(),
    productId: parentId('product_id', () => products.id),
    position: integer('position').notNull().default(0),
    sku: text('sku').notNull(),
    /** Option name → value, e.g. { "Size": "M", "Colour": "Sand" }. */
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
    /** Minor units of the store currency. */
    price: integer('price').notNull(),
    salePrice: integer('sale_price').notNull().default(0),
    onSale: flag('on_sale'),
    unlimited: flag('unlimited'),
    qtyInStock: integer('qty_in_stock').notNull().default(0),
    /** Id of one of the product's images. */
    mainImageId: text('main_image_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('variants_product_position_idx').on(t.productId, t.position),
    uniqueIndex('variants_product_sku_key').on(t.productId, t.sku),
    // Target of cart_entries' (product_id, variant_id) foreign key.
    unique('variants_product_id_key').on(t.productId, t.id),
    // Stock never goes negative: a conditional UPDATE that would oversell fails this check.
    check('variants_qty_in_stock_check', sql`${t.qtyInStock} >= 0`),
    check('variants_price_check', sql`${t.price} >= 0 and ${t.salePrice} >= 0`),
  ],
);

/** A row's variant, which must belong to the row's product; it goes when the variant goes. */
export const variantOfProduct = (
  name: string,
  t: { readonly productId: AnyPgColumn; readonly variantId: AnyPgColumn },
) =>
  foreignKey({
    name,
    columns: [t.productId, t.variantId],
    foreignColumns: [variants.productId, variants.id],
  }).onDelete('cascade');

export const reviews = pgTable(
  'reviews',
  {
    ...siteRowColumns(),
    productId: parentId('product_id', () => products.id),
    userName: text('user_name').notNull(),
    reviewDate: timestamptz('review_date').notNull(),
    starRating: smallint('star_rating').notNull(),
    /** Plain text: reviewers' markup is stripped before storage and escaped on output. */
    reviewText: text('review_text').notNull(),
    imageUrl: text('image_url'),
    createdAt: createdAt(),
  },
  (t) => [
    index('reviews_product_date_idx').on(t.productId, t.reviewDate),
    index('reviews_site_date_idx').on(t.siteId, t.reviewDate),
    check('reviews_star_rating_check', sql`${t.starRating} between 1 and 5`),
  ],
);
