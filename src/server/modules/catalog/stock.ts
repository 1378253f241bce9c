/**
 * Stock writes. The decrement is one conditional UPDATE (docs/behaviour/api-and-data-rules.md#stock-writes): it succeeds only when
 * enough stock remains at the moment it runs, so concurrent buyers can never oversell, and the
 * CHECK (qty_in_stock >= 0) on variants backs it up. Never read, check, then write.
 */
import { and, eq, gte, or, sql } from 'drizzle-orm';
import { schema, type AppDb } from '../../db/index.ts';

const { variants } = schema;

export type DecrementResult =
  | { ok: true; unlimited: boolean; qtyInStock: number }
  | { ok: false; reason: 'insufficient-stock' | 'unknown-variant' };

/**
 * Takes `quantity` units of a variant, inside the caller's transaction. Callers buying the same
 * variant on several cart lines pass the summed quantity. Unlimited variants always succeed and
 * keep their count.
 */
export async function decrementStock(
  db: AppDb,
  variantId: string,
  quantity: number,
): Promise<DecrementResult> {
  if (!Number.isInteger(quantity) || quantity < 1) {
    throw new RangeError(`quantity must be a positive whole number, got ${quantity}`);
  }
  const [row] = await db
    .update(variants)
    .set({
      qtyInStock: sql`case when ${variants.unlimited} then ${variants.qtyInStock} else ${variants.qtyInStock} - ${quantity} end`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(variants.id, variantId),
        or(eq(variants.unlimited, true), gte(variants.qtyInStock, quantity)),
      ),
    )
    .returning({ unlimited: variants.unlimited, qtyInStock: variants.qtyInStock });
  if (row) return { ok: true, ...row };
  const [exists] = await db
    .select({ id: variants.id })
    .from(variants)
    .where(eq(variants.id, variantId));
  return { ok: false, reason: exists ? 'insufficient-stock' : 'unknown-variant' };
}

/** Sets a variant's stock (owner edits, restocks). Returns false for an unknown variant. */
export async function setStock(
  db: AppDb,
  variantId: string,
  stock: { qtyInStock: number; unlimited?: boolean },
): Promise<boolean> {
  const rows = await db
    .update(variants)
    .set({
      qtyInStock: stock.qtyInStock,
      ...(stock.unlimited === undefined ? {} : { unlimited: stock.unlimited }),
      updatedAt: sql`now()`,
    })
    .where(eq(variants.id, variantId))
    .returning({ id: variants.id });
  return rows.length > 0;
}

/**
 * Gives `quantity` units back (a cancelled or refunded order), inside the caller's
 * transaction: one UPDATE adding to what is there now, never a read-then-write. Unlimited
 * variants keep their count; a variant deleted since is skipped (false).
 */
export async function returnStock(
  db: AppDb,
  variantId: string,
  quantity: number,
): Promise<boolean> {
  if (!Number.isInteger(quantity) || quantity < 1) {
    throw new RangeError(`quantity must be a positive whole number, got ${quantity}`);
  }
  const rows = await db
    .update(variants)
    .set({
      qtyInStock: sql`case when ${variants.unlimited} then ${variants.qtyInStock} else ${variants.qtyInStock} + ${quantity} end`,
      updatedAt: sql`now()`,
    })
    .where(eq(variants.id, variantId))
    .returning({ id: variants.id });
  return rows.length > 0;
}
