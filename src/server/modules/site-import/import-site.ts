/**
 * Imports a site file in one transaction: validated first (an invalid file changes nothing),
 * then upserted by id, so re-importing a site replaces its content while carts whose products
 * survive keep their entries. Records missing from the file are deleted (their cart entries
 * go with them).
 */
import { performanceFlagsSchema } from '../../../shared/analytics/performance-flags.ts';
import { writePerformanceFlags } from '../telemetry/index.ts';
import { and, eq, getTableColumns, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { parseSiteFile, SiteFileError } from '../../../shared/site-file/index.ts';
import { schema, type AppTx, type Database } from '../../db/index.ts';
import { hashSiteFilePasswords } from '../content/index.ts';
import { siteFileToRows, type SiteRows } from './rows.ts';
import { storeProductImages, type SiteImageSource } from './store-images.ts';

const {
  sites,
  forms,
  collections,
  pages,
  products,
  variants,
  reviews,
  contentItems,
  performanceSettings,
} = schema;

export interface ImportSummary {
  siteId: string;
  collections: number;
  pages: number;
  products: number;
  variants: number;
  forms: number;
  reviews: number;
  /** Posts and events. */
  contentItems: number;
}

/** Thrown when the file is valid but conflicts with what the database holds. */
export class SiteImportConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SiteImportConflictError';
  }
}

export interface ImportOptions {
  /**
   * Where the file's image files are and where to store them. Without it, image paths are
   * kept as written and get no renditions (API callers that hold only the JSON).
   */
  readonly images?: SiteImageSource;
}

/**
 * Validates `input` (parsed JSON) as a site file and writes it. Throws SiteFileError with one
 * line per problem when the file is invalid (image files included: missing, outside the site
 * file's folder, not a picture).
 */
export async function importSite(
  database: Database,
  input: unknown,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const parsed = parseSiteFile(input);
  if (!parsed.success) throw new SiteFileError(parsed.errors);
  const rows = siteFileToRows(await hashSiteFilePasswords(parsed.data));
  if (options.images) await storeProductImages(parsed.data.products, rows, options.images);
  await database.withTransaction((tx) => writeSite(tx, rows));
  return {
    siteId: rows.site.id,
    collections: rows.collections.length,
    pages: rows.pages.length,
    products: rows.products.length,
    variants: rows.variants.length,
    forms: rows.forms.length,
    reviews: rows.reviews.length,
    contentItems: rows.contentItems.length,
  };
}

/** True when no site has been imported yet (first start imports the demo). */
export async function isDatabaseEmpty(database: Database): Promise<boolean> {
  const rows = await database.db.select({ id: sites.id }).from(sites).limit(1);
  return rows.length === 0;
}

async function writeSite(tx: AppTx, rows: SiteRows): Promise<void> {
  const siteId = rows.site.id;
  const others = await tx
    .select({ id: sites.id })
    .from(sites)
    .where(sql`${sites.id} <> ${siteId}`)
    .limit(1);
  if (others[0]) {
    throw new SiteImportConflictError(
      `This database holds the site "${others[0].id}", and the file is for "${siteId}". ` +
        'Vitrine serves one site per database: import into a fresh database, or give the file the same website.id.',
    );
  }
  // The upsert also locks the site row, so two imports of one site run one after the other.
  await upsert(tx, sites, [rows.site]);
  // The file is the site: its rollout flags replace the site's, and a file without them leaves
  // every flag off (the export writes the flags in force, so a round trip keeps them).
  const flags = performanceFlagsSchema.safeParse(rows.site.settings?.performanceFlags);
  if (flags.success) await writePerformanceFlags(tx, siteId, flags.data);
  else await tx.delete(performanceSettings).where(eq(performanceSettings.siteId, siteId));

  const siteProducts = tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.siteId, siteId));

  // 1. Delete what the file no longer has (children first).
  await tx.delete(reviews).where(and(eq(reviews.siteId, siteId), notIn(reviews.id, rows.reviews)));
  await tx
    .delete(contentItems)
    .where(and(eq(contentItems.siteId, siteId), notIn(contentItems.id, rows.contentItems)));
  await tx
    .delete(variants)
    .where(and(inArray(variants.productId, siteProducts), notIn(variants.id, rows.variants)));
  await tx
    .delete(products)
    .where(and(eq(products.siteId, siteId), notIn(products.id, rows.products)));
  await tx.delete(pages).where(and(eq(pages.siteId, siteId), notIn(pages.id, rows.pages)));
  await tx
    .delete(collections)
    .where(and(eq(collections.siteId, siteId), notIn(collections.id, rows.collections)));
  await tx.delete(forms).where(and(eq(forms.siteId, siteId), notIn(forms.id, rows.forms)));

  // 2. Park the unique keys of the rows that stay (URLs per site, SKUs per product) on values
  //    no real record can have, so records may swap URLs or SKUs without a unique violation
  //    midway through the upserts below, which put the real values back.
  const parked = sql`'#import:' || id`;
  await tx.update(collections).set({ fullUrl: parked }).where(eq(collections.siteId, siteId));
  await tx.update(pages).set({ fullUrl: parked }).where(eq(pages.siteId, siteId));
  await tx.update(products).set({ fullUrl: parked }).where(eq(products.siteId, siteId));
  await tx.update(contentItems).set({ fullUrl: parked }).where(eq(contentItems.siteId, siteId));
  await tx.update(variants).set({ sku: parked }).where(inArray(variants.productId, siteProducts));

  // 3. Upsert in dependency order.
  await upsert(tx, forms, rows.forms);
  await upsert(tx, collections, rows.collections);
  await upsert(tx, pages, rows.pages);
  await upsert(tx, products, rows.products);
  await upsert(tx, variants, rows.variants);
  await upsert(tx, reviews, rows.reviews);
  await upsert(tx, contentItems, rows.contentItems);
}

/**
 * `id NOT IN (…)` as one JSON parameter, so the statement stays within PostgreSQL's parameter
 * limit however large the file.
 */
function notIn(column: PgColumn, records: readonly { id: string }[]): SQL {
  if (records.length === 0) return sql`true`;
  const ids = JSON.stringify(records.map((record) => record.id));
  return notInArray(column, sql`(select jsonb_array_elements_text(${ids}::jsonb))`);
}

/** Rows per INSERT: 500 rows × ≤ 25 columns stays under PostgreSQL's 65 535 parameters. */
const CHUNK = 500;

/** INSERT … ON CONFLICT (id) DO UPDATE every column but id and created_at. */
async function upsert<T extends PgTable>(
  tx: AppTx,
  table: T,
  values: readonly T['$inferInsert'][],
): Promise<void> {
  const columns: Record<string, PgColumn> = getTableColumns(table);
  const id = columns.id;
  if (!id) throw new Error('upsert needs a table with an id column');
  const set: Record<string, SQL> = {};
  for (const [key, column] of Object.entries(columns)) {
    if (key === 'id' || key === 'createdAt') continue;
    set[key] = key === 'updatedAt' ? sql`now()` : sql.raw(`excluded."${column.name}"`);
  }
  for (let start = 0; start < values.length; start += CHUNK) {
    await tx
      .insert(table)
      .values(values.slice(start, start + CHUNK))
      .onConflictDoUpdate({ target: id, set });
  }
}
