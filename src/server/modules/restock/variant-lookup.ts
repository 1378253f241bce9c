/** The product and variant a restock call names, when both belong to the site's catalog. */
import { and, eq } from 'drizzle-orm';
import { schema, type AppDb, type AppTx } from '../../db/index.ts';

import type { ContentStatus } from '../../../shared/site-file/index.ts';

const { products, variants } = schema;

export interface RestockVariant {
  productId: string;
  variantId: string;
  productType: number;
  productName: string;
  productStatus: ContentStatus;
  /** When a Scheduled product appears (content/publication.ts). */
  productPublishOn: Date | null;
  fullUrl: string;
  sku: string;
  attributes: Record<string, string>;
  unlimited: boolean;
  qtyInStock: number;
}

export type VariantLookup =
  { found: true; variant: RestockVariant } | { found: false; missing: 'product' | 'variant' };

export async function findRestockVariant(
  db: AppDb | AppTx,
  siteId: string,
  productId: string,
  variantId: string,
): Promise<VariantLookup> {
  const [product] = await db
    .select({
      id: products.id,
      productType: products.productType,
      title: products.title,
      status: products.status,
      publishOn: products.publishOn,
      fullUrl: products.fullUrl,
    })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.siteId, siteId)));
  if (!product) return { found: false, missing: 'product' };
  const [variant] = await db
    .select({
      id: variants.id,
      sku: variants.sku,
      attributes: variants.attributes,
      unlimited: variants.unlimited,
      qtyInStock: variants.qtyInStock,
    })
    .from(variants)
    .where(and(eq(variants.id, variantId), eq(variants.productId, productId)));
  if (!variant) return { found: false, missing: 'variant' };
  return {
    found: true,
    variant: {
      productId: product.id,
      variantId: variant.id,
      productType: product.productType,
      productName: product.title,
      productStatus: product.status,
      productPublishOn: product.publishOn,
      fullUrl: product.fullUrl,
      sku: variant.sku,
      attributes: variant.attributes,
      unlimited: variant.unlimited,
      qtyInStock: variant.qtyInStock,
    },
  };
}
