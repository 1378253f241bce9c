/**
 * The Drizzle schema (PostgreSQL dialect) shared by PGlite and node-postgres.
 *
 * Rules kept here (docs/behaviour/api-and-data-rules.md#money-in-minor-units):
 * - Money is an integer of minor units. Catalog prices are in the site's store currency
 *   (`sites.settings.currency`); carts (and later orders) record their own `currency`, so a
 *   change of store currency never reinterprets an amount already quoted to a shopper.
 * - Timestamps carry a time zone.
 * - Catalog ids (sites, collections, pages, products, variants, forms, reviews) come from the
 *   import file and are kept as text, so the ids tools and the API use (`itemId`, `variantId`)
 *   survive a re-import. Carts get server-generated ids.
 * - Invariants that protect money and stock are CHECK constraints, not only code.
 *
 * Changing this file: run `npx drizzle-kit generate` and commit the new SQL migration.
 */
import { relations, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  COLLECTION_VIEWS,
  CONTENT_STATUSES,
  type CollectionView,
  type VariantDisplay,
  VARIANT_DISPLAYS,
  type ContentStatus,
} from '../../shared/site-file/enums.ts';
import type { GiftCardRecipient } from '../../shared/giftcards/recipient.ts';
// A cycle schema-accounts.ts already has (it imports `sites`); both sides refer lazily.
import { siteUsers } from './schema-accounts.ts';

export { CONTENT_STATUSES, type ContentStatus };

// ---------------------------------------------------------------------------------------------
// JSON column shapes. They mirror src/shared/site-file (the import format) but are declared
// here so the database layer does not depend on the import module.

/** Site settings: the store currency and time zone, plus the site's other settings as given. */
export interface SiteSettings {
  /** ISO 4217 code of the store currency; catalog prices are in this currency. */
  currency: string;
  /** IANA time zone used for dates shown on the site. */
  timeZone: string;
  /** BCP 47 language tag of the site. */
  language: string;
  [key: string]: unknown;
}

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

export const CART_KINDS = ['standard', 'express', 'subscription'] as const;
export type CartKind = (typeof CART_KINDS)[number];

const statusCheck = (name: string) =>
  check(name, sql.raw(`status in (${CONTENT_STATUSES.map((s) => `'${s}'`).join(', ')})`));

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------------------------------------
// Site content

export const sites = pgTable('sites', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  settings: jsonb('settings')
    .$type<SiteSettings>()
    .notNull()
    .default(sql`'{"currency":"USD","timeZone":"America/New_York","language":"en-US"}'::jsonb`),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const collections = pgTable(
  'collections',
  {
    id: text('id').primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    fullUrl: text('full_url').notNull(),
    /** The spec's collection type code (products 13, page 10, …). */
    type: smallint('type').notNull().default(13),
    status: text('status').$type<ContentStatus>().notNull().default('published'),
    description: text('description'),
    /** When a scheduled record appears (and when a published one was published). */
    publishOn: timestamp('publish_on', { withTimezone: true }),
    /** Encoded scrypt hash of the visitor password (modules/content/page-password.ts); null: open. */
    passwordHash: text('password_hash'),
    /** Only logged-in site users may see it. */
    membersOnly: boolean('members_only').notNull().default(false),
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
    id: text('id').primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    fullUrl: text('full_url').notNull(),
    status: text('status').$type<ContentStatus>().notNull().default('published'),
    description: text('description'),
    /** When a scheduled record appears (and when a published one was published). */
    publishOn: timestamp('publish_on', { withTimezone: true }),
    /** Encoded scrypt hash of the visitor password (modules/content/page-password.ts); null: open. */
    passwordHash: text('password_hash'),
    /** Only logged-in site users may see it. */
    membersOnly: boolean('members_only').notNull().default(false),
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
  id: text('id').primaryKey(),
  siteId: text('site_id')
    .notNull()
    .references(() => sites.id, { onDelete: 'cascade' }),
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
    id: text('id').primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
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
    publishOn: timestamp('publish_on', { withTimezone: true }),
    description: text('description'),
    excerpt: text('excerpt'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    images: jsonb('images').$type<ProductImage[]>().notNull().default([]),
    isSubscribable: boolean('is_subscribable').notNull().default(false),
    subscriptionPlan: jsonb('subscription_plan').$type<SubscriptionPlan>(),
    additionalFieldsFormId: text('additional_fields_form_id').references(() => forms.id, {
      onDelete: 'set null',
    }),
    useCustomAddButtonText: boolean('use_custom_add_button_text').notNull().default(false),
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
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    sku: text('sku').notNull(),
    /** Option name → value, e.g. { "Size": "M", "Colour": "Sand" }. */
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
    /** Minor units of the store currency. */
    price: integer('price').notNull(),
    salePrice: integer('sale_price').notNull().default(0),
    onSale: boolean('on_sale').notNull().default(false),
    unlimited: boolean('unlimited').notNull().default(false),
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

export const reviews = pgTable(
  'reviews',
  {
    id: text('id').primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userName: text('user_name').notNull(),
    reviewDate: timestamp('review_date', { withTimezone: true }).notNull(),
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

// ---------------------------------------------------------------------------------------------
// Carts

export const carts = pgTable(
  'carts',
  {
    id: text('id').primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** Secret bearer token: the cart cookie's value, or the subscription page's cartToken. */
    token: text('token').notNull(),
    kind: text('kind').$type<CartKind>().notNull().default('standard'),
    currency: text('currency').notNull().default('USD'),
    /** The site user who owns the cart; a deleted account leaves its carts as guest carts. */
    siteUserId: text('site_user_id').references(() => siteUsers.id, { onDelete: 'set null' }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
    isPurchased: boolean('is_purchased').notNull().default(false),
    /** The order that bought this cart; one order per cart (the orders module adds the FK). */
    orderId: text('order_id'),
  },
  (t) => [
    uniqueIndex('carts_token_key').on(t.token),
    uniqueIndex('carts_order_key').on(t.orderId),
    index('carts_site_user_idx').on(t.siteId, t.siteUserId),
    check('carts_kind_check', sql.raw(`kind in (${CART_KINDS.map((k) => `'${k}'`).join(', ')})`)),
    check('carts_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('carts_purchased_check', sql`not ${t.isPurchased} or ${t.orderId} is not null`),
  ],
);

export const cartEntries = pgTable(
  'cart_entries',
  {
    id: text('id').primaryKey(),
    cartId: text('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    // A product or variant removed from the catalog leaves carts; orders keep their own copy.
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: text('variant_id').notNull(),
    quantity: integer('quantity').notNull(),
    /** Answers to the product's extra-fields form, keyed by field id; null when it has none. */
    additionalFields: jsonb('additional_fields').$type<Record<string, unknown>>(),
    /** A gift card's recipient and message (gift card page); null: the card goes to the buyer. */
    giftCardRecipient: jsonb('gift_card_recipient').$type<GiftCardRecipient>(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('cart_entries_cart_idx').on(t.cartId, t.position),
    // The variant must belong to the entry's product.
    foreignKey({
      name: 'cart_entries_variant_fk',
      columns: [t.productId, t.variantId],
      foreignColumns: [variants.productId, variants.id],
    }).onDelete('cascade'),
    index('cart_entries_product_variant_idx').on(t.productId, t.variantId),
    check('cart_entries_quantity_check', sql`${t.quantity} between 1 and 9999`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Relations, for Drizzle's relational queries (`db.query.products.findFirst({ with: … })`).

export const sitesRelations = relations(sites, ({ many }) => ({
  collections: many(collections),
  pages: many(pages),
  products: many(products),
  forms: many(forms),
  reviews: many(reviews),
  carts: many(carts),
}));

export const collectionsRelations = relations(collections, ({ one, many }) => ({
  site: one(sites, { fields: [collections.siteId], references: [sites.id] }),
  products: many(products),
}));

export const pagesRelations = relations(pages, ({ one }) => ({
  site: one(sites, { fields: [pages.siteId], references: [sites.id] }),
}));

export const formsRelations = relations(forms, ({ one }) => ({
  site: one(sites, { fields: [forms.siteId], references: [sites.id] }),
}));

export const productsRelations = relations(products, ({ one, many }) => ({
  site: one(sites, { fields: [products.siteId], references: [sites.id] }),
  collection: one(collections, { fields: [products.collectionId], references: [collections.id] }),
  additionalFieldsForm: one(forms, {
    fields: [products.additionalFieldsFormId],
    references: [forms.id],
  }),
  variants: many(variants),
  reviews: many(reviews),
}));

export const variantsRelations = relations(variants, ({ one }) => ({
  product: one(products, { fields: [variants.productId], references: [products.id] }),
}));

export const reviewsRelations = relations(reviews, ({ one }) => ({
  site: one(sites, { fields: [reviews.siteId], references: [sites.id] }),
  product: one(products, { fields: [reviews.productId], references: [products.id] }),
}));

export const cartsRelations = relations(carts, ({ one, many }) => ({
  site: one(sites, { fields: [carts.siteId], references: [sites.id] }),
  entries: many(cartEntries),
}));

export const cartEntriesRelations = relations(cartEntries, ({ one }) => ({
  cart: one(carts, { fields: [cartEntries.cartId], references: [carts.id] }),
  product: one(products, { fields: [cartEntries.productId], references: [products.id] }),
  variant: one(variants, { fields: [cartEntries.variantId], references: [variants.id] }),
}));
export * from './schema-analytics.ts';
export * from './schema-telemetry.ts';
export * from './schema-orders.ts';
export * from './schema-order-history.ts';
export * from './schema-giftcards.ts';
export * from './schema-mail.ts';
export * from './schema-forms.ts';
export * from './schema-captcha.ts';
export * from './schema-mailing.ts';
export * from './schema-accounts.ts';
export * from './schema-owners.ts';
export * from './schema-restock.ts';
export * from './schema-subscriptions.ts';
export * from './schema-content.ts';
