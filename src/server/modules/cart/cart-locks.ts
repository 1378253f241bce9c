/**
 * Row locks for cart writes. Every write locks its cart row and does its stock check and its
 * write inside that transaction: two writes to the same cart wait for each other, so a cart never
 * ends up holding more of a variant than the stock its check read. Every write changes the cart
 * row (the lock is an UPDATE), which is what lets an add to cart check in one statement that
 * nothing changed the cart since it read it (add-write.ts). Variants are read, not locked:
 * carts of different shoppers never wait for each other (a flash sale's adds run side by side),
 * and checkout, which takes stock with a conditional UPDATE, stays the only authority on what is
 * sold.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { schema, type AppTx } from '../../db/index.ts';
import type { CartKind } from '../../db/schema.ts';

const { carts, variants } = schema;

export type CartRow = typeof carts.$inferSelect;

/** 32 URL-safe characters: what readCartToken accepts, 192 random bits. */
export function newCartToken(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * The open (not purchased) cart of a token, of the given kind, locked until the transaction
 * ends. Locking by UPDATE (its `updated_at`) takes the same row lock as SELECT … FOR UPDATE and
 * saves the separate "touch" a write would need; a refusal rolls it back with everything else.
 */
export async function lockOpenCart(
  tx: AppTx,
  siteId: string,
  token: string,
  kind: CartKind,
): Promise<CartRow | undefined> {
  const [row] = await tx
    .update(carts)
    .set({ updatedAt: sql`now()` })
    .where(
      and(
        eq(carts.token, token),
        eq(carts.siteId, siteId),
        eq(carts.kind, kind),
        eq(carts.isPurchased, false),
      ),
    )
    .returning();
  return row;
}

export interface VariantStock {
  readonly unlimited: boolean;
  readonly qtyInStock: number;
}

/**
 * A variant's stock as the cart check sees it. No row lock: a sale or an owner edit committing
 * meanwhile can leave a cart holding more than is left, which checkout then refuses with the
 * spec's stock message; locking here would queue every shopper's add behind one row.
 */
export async function readVariantStock(
  tx: AppTx,
  variantId: string,
): Promise<VariantStock | undefined> {
  const [row] = await tx
    .select({ unlimited: variants.unlimited, qtyInStock: variants.qtyInStock })
    .from(variants)
    .where(eq(variants.id, variantId));
  return row;
}

export function sumQuantities(entries: readonly { quantity: number }[]): number {
  return entries.reduce((sum, entry) => sum + entry.quantity, 0);
}
