import { relations } from 'drizzle-orm';
import { cartEntries, carts } from './schema-carts.ts';
import { collections, forms, pages, products, reviews, variants } from './schema-catalog.ts';
import { sites } from './schema-sites.ts';

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
