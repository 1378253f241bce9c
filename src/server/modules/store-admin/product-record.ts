/**
 * A stored product as a site-file product record (src/shared/site-file/records.ts
 * productRecord, the format of demo/site.json), variants in their stored order. Owners read it
 * in this shape, and an edit is validated by merging into it and checking it as the import does.
 * Unlike the export, the status is always present (owners see drafts side by side).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { productRecord } from '../../../shared/site-file/index.ts';
import { schema, type AppDb } from '../../db/index.ts';
import { siteFileImage } from '../images/index.ts';

const { products, variants } = schema;

export type ProductRecord = z.output<typeof productRecord>;
export type ProductRow = typeof products.$inferSelect;
export type VariantRow = typeof variants.$inferSelect;

/** `{ key: value }`, or `{}` for NULL: absent stays absent, as in the site file. */
function optional<K extends string, V>(key: K, value: V | null): { [P in K]?: V } {
  return value === null ? {} : ({ [key]: value } as { [P in K]?: V });
}

export function toProductRecord(
  product: ProductRow,
  variantRows: readonly VariantRow[],
): ProductRecord {
  return {
    id: product.id,
    ...optional('collectionId', product.collectionId),
    title: product.title,
    fullUrl: product.fullUrl,
    productType: product.productType,
    status: product.status,
    ...optional('description', product.description),
    ...optional('excerpt', product.excerpt),
    tags: product.tags,
    categories: product.categories,
    images: product.images.map(siteFileImage),
    isSubscribable: product.isSubscribable,
    ...optional('subscriptionPlan', product.subscriptionPlan),
    ...optional('additionalFieldsFormId', product.additionalFieldsFormId),
    useCustomAddButtonText: product.useCustomAddButtonText,
    ...optional('customAddButtonText', product.customAddButtonText),
    variantOptionOrdering: product.variantOptionOrdering,
    variants: variantRows.map((v) => ({
      id: v.id,
      sku: v.sku,
      attributes: v.attributes,
      price: v.price,
      salePrice: v.salePrice,
      onSale: v.onSale,
      unlimited: v.unlimited,
      qtyInStock: v.qtyInStock,
      ...optional('mainImageId', v.mainImageId),
    })),
  };
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
