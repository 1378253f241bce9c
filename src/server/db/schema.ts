/**
 * The Drizzle schema (PostgreSQL dialect) shared by PGlite and node-postgres: this file only
 * gathers the table files (`schema-*.ts`), so a table file imports the tables it refers to from
 * their own file and never from here.
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
export * from './schema-sites.ts';
export * from './schema-catalog.ts';
export * from './schema-carts.ts';
export * from './schema-relations.ts';
export * from './schema-analytics.ts';
export * from './schema-analytics-daily.ts';
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
