/**
 * Catalog reads used on every product page and stock check. They are prepared once per
 * database handle (Drizzle's query building costs more than the query on these paths) and
 * return plain rows of the schema.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { preparedPerHandle, schema, type AppDb } from '../../db/index.ts';
import { isPublishedAt } from '../content/index.ts';

const { products, variants } = schema;

export type ProductRow = typeof products.$inferSelect;
export type VariantRow = typeof variants.$inferSelect;
export type ProductWithVariants = ProductRow & { variants: VariantRow[] };

/** One stock result per variant (the inventory endpoint's `results`). */
export interface StockResult {
  variantId: string;
  sku: string;
  unlimited: boolean;
  qtyInStock: number;
}

function prepareStatements(db: AppDb) {
  return {
    productByUrl: db.query.products
      .findFirst({
        where: and(
          eq(products.siteId, sql.placeholder('siteId')),
          eq(products.fullUrl, sql.placeholder('fullUrl')),
        ),
        with: { variants: { orderBy: [asc(variants.position), asc(variants.id)] } },
      })
      .prepare('catalog_product_by_url'),
    stock: db
      .select({
        variantId: variants.id,
        sku: variants.sku,
        unlimited: variants.unlimited,
        qtyInStock: variants.qtyInStock,
      })
      .from(variants)
      .where(eq(variants.productId, sql.placeholder('productId')))
      .orderBy(asc(variants.position), asc(variants.id))
      .prepare('catalog_stock'),
  };
}

// Keyed by the handle: a transaction gets its own set (db/prepared.ts).
const statements = preparedPerHandle(prepareStatements);

/**
 * The product at a site-relative URL with its variants in position order. Unpublished
 * products (draft, needs review, private, scheduled before their time) are found only with
 * `includeUnpublished`.
 */
export async function getProductByUrl(
  db: AppDb,
  siteId: string,
  fullUrl: string,
  options: { includeUnpublished?: boolean } = {},
): Promise<ProductWithVariants | undefined> {
  const product = await statements(db).productByUrl.execute({ siteId, fullUrl });
  if (!product) return undefined;
  if (!isPublishedAt(product, new Date()) && !options.includeUnpublished) return undefined;
  return product;
}

/** Stock of each variant of a product, in the product's variant order; [] when unknown. */
export async function getStock(db: AppDb, productId: string): Promise<StockResult[]> {
  return statements(db).stock.execute({ productId });
}
