/**
 * Owner stock writes, each one statement so a sale running at the same moment is never lost:
 * - setVariantStock: UPDATE … SET qty_in_stock / unlimited (only the fields given).
 * - adjustVariantStock: UPDATE … SET qty_in_stock = qty_in_stock + delta WHERE the result stays
 *   within 0 … LIMITS.maxQtyInStock, so a shrinkage count can never take the stock below 0
 *   (the CHECK on variants backs it up).
 * Both are scoped to the site and the product, and answer the stock the way the shoppers'
 * inventory endpoint does. A variant's restock sign-ups become sendable as soon as its stock is
 * above 0 or unlimited: the restock lists and sends read the stock at that moment, so this write
 * is what makes them sendable.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../../shared/errors.ts';
import { LIMITS } from '../../../shared/site-file/enums.ts';
import { schema, type AppDb } from '../../db/index.ts';

const { products, variants } = schema;

export interface VariantStock {
  readonly variantId: string;
  readonly sku: string;
  readonly unlimited: boolean;
  readonly qtyInStock: number;
}

export interface VariantRef {
  readonly siteId: string;
  readonly productId: string;
  readonly variantId: string;
}

const stockColumns = {
  variantId: variants.id,
  sku: variants.sku,
  unlimited: variants.unlimited,
  qtyInStock: variants.qtyInStock,
};

function ofProductOfSite(ref: VariantRef) {
  return and(
    eq(variants.id, ref.variantId),
    eq(variants.productId, ref.productId),
    inArray(
      variants.productId,
      sql`(select ${products.id} from ${products} where ${products.siteId} = ${ref.siteId})`,
    ),
  );
}

/** Why a write matched no row: an unknown product (404) or an unknown variant of it (404). */
async function notFound(db: AppDb, ref: VariantRef): Promise<AppError> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, ref.productId), eq(products.siteId, ref.siteId)));
  return new AppError(product ? 'VARIANT_NOT_FOUND' : 'PRODUCT_NOT_FOUND');
}

export async function setVariantStock(
  db: AppDb,
  ref: VariantRef,
  stock: { qtyInStock?: number; unlimited?: boolean },
): Promise<VariantStock> {
  const [row] = await db
    .update(variants)
    .set({
      ...(stock.qtyInStock === undefined ? {} : { qtyInStock: stock.qtyInStock }),
      ...(stock.unlimited === undefined ? {} : { unlimited: stock.unlimited }),
      updatedAt: sql`now()`,
    })
    .where(ofProductOfSite(ref))
    .returning(stockColumns);
  if (!row) throw await notFound(db, ref);
  return row;
}

export async function adjustVariantStock(
  db: AppDb,
  ref: VariantRef,
  delta: number,
): Promise<VariantStock> {
  // bigint: the sum of two int4 values may not fit an int4, and must be refused, not overflow.
  const after = sql`${variants.qtyInStock}::bigint + ${delta}::bigint`;
  const [row] = await db
    .update(variants)
    .set({ qtyInStock: sql`${variants.qtyInStock} + ${delta}::integer`, updatedAt: sql`now()` })
    .where(and(ofProductOfSite(ref), sql`${after} between 0 and ${LIMITS.maxQtyInStock}`))
    .returning(stockColumns);
  if (row) return row;
  const [current] = await db.select(stockColumns).from(variants).where(ofProductOfSite(ref));
  if (!current) throw await notFound(db, ref);
  if (delta < 0) {
    throw new AppError('STOCK_BELOW_ZERO', {
      fields: {
        delta: `Only ${current.qtyInStock} in stock: at most ${current.qtyInStock} can be taken away`,
      },
    });
  }
  throw new AppError('STOCK_TOO_LARGE', {
    fields: { delta: `At most ${LIMITS.maxQtyInStock - current.qtyInStock} can be added` },
  });
}
