/**
 * A stored product as a site-file product record (src/shared/site-file/records.ts
 * productRecord, the format of demo/site.json), variants in their stored order. Owners read it
 * in this shape (the export's record, with the status always present: owners see drafts side by
 * side), and an edit is validated by merging into it and checking it as the import does.
 */
import { and, asc, eq } from 'drizzle-orm';
import { schema, type AppDb } from '../../db/index.ts';
import { productToRecord, type ProductRecord } from '../site-import/index.ts';

const { products, variants } = schema;

export type { ProductRecord };
export type ProductRow = typeof products.$inferSelect;
export type VariantRow = typeof variants.$inferSelect;

export function toProductRecord(
  product: ProductRow,
  variantRows: readonly VariantRow[],
): ProductRecord {
  return productToRecord(product, variantRows, { showPublished: true });
}

/**
 * The product with `productId` of the site as a record, or undefined. `lock` takes the product
 * row FOR UPDATE (inside a transaction), so two edits of one product apply one after the other.
 */
export async function loadProductRecord(
  db: AppDb,
  siteId: string,
  productId: string,
  options: { lock?: boolean } = {},
): Promise<ProductRecord | undefined> {
  const query = db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.siteId, siteId)));
  const [product] = options.lock ? await query.for('update') : await query;
  if (!product) return undefined;
  const variantRows = await db
    .select()
    .from(variants)
    .where(eq(variants.productId, productId))
    .orderBy(asc(variants.position), asc(variants.id));
  return toProductRecord(product, variantRows);
}
