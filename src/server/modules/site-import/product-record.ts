/**
 * A stored product as a site-file product record (src/shared/site-file/records.ts
 * productRecord, the format of demo/site.json), variants in the order given. The export writes
 * it (Published, the default, left out); owners read and edit it with the status always shown.
 */
import type { z } from 'zod';
import type { productRecord } from '../../../shared/site-file/index.ts';
import type { schema } from '../../db/index.ts';
import { siteFileImage } from '../images/index.ts';

export type ProductRecord = z.output<typeof productRecord>;
type ProductRow = typeof schema.products.$inferSelect;
type VariantRow = typeof schema.variants.$inferSelect;

/** `{ key: value }`, or `{}` for NULL: absent stays absent, as in the site file. */
export function optional<K extends string, V>(key: K, value: V | null): { [P in K]?: V } {
  return value === null ? {} : ({ [key]: value } as { [P in K]?: V });
}

export function productToRecord(
  product: ProductRow,
  variantRows: readonly VariantRow[],
  options: { readonly showPublished: boolean },
): ProductRecord {
  const showStatus = options.showPublished || product.status !== 'published';
  return {
    id: product.id,
    ...optional('collectionId', product.collectionId),
    title: product.title,
    fullUrl: product.fullUrl,
    productType: product.productType,
    ...(showStatus ? { status: product.status } : {}),
    ...optional('publishOn', product.publishOn?.toISOString() ?? null),
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
    variantDisplay: product.variantDisplay,
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
