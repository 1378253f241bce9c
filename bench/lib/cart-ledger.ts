/**
 * What the cart benchmark checks after the load: every cart's entry count and quantity, and
 * every variant's stock, read straight from the database before and after.
 */
import { eq, sql } from 'drizzle-orm';
import { schema, type AppDb } from '../../src/server/db/index.ts';

const { carts, cartEntries, variants } = schema;

export interface CartTally {
  readonly entries: number;
  readonly quantity: number;
}

export interface Ledger {
  /** Cart token → its entries. */
  readonly carts: ReadonlyMap<string, CartTally>;
  /** Every variant's stock, as text, in id order: compared whole. */
  readonly stock: string;
}

export async function readLedger(db: AppDb): Promise<Ledger> {
  const cartRows = await db
    .select({
      token: carts.token,
      entries: sql<number>`count(${cartEntries.id})::int`,
      quantity: sql<number>`coalesce(sum(${cartEntries.quantity}), 0)::int`,
    })
    .from(carts)
    .leftJoin(cartEntries, eq(cartEntries.cartId, carts.id))
    .groupBy(carts.token);
  const stockRows = await db
    .select({ id: variants.id, unlimited: variants.unlimited, qtyInStock: variants.qtyInStock })
    .from(variants)
    .orderBy(variants.id);
  return {
    carts: new Map(
      cartRows.map((row) => [row.token, { entries: row.entries, quantity: row.quantity }]),
    ),
    stock: JSON.stringify(stockRows),
  };
}

/** Carts other than `excluded` that were added, removed or changed between the two readings. */
export function changedOtherCarts(
  before: Ledger,
  after: Ledger,
  excluded: ReadonlySet<string>,
): string[] {
  const tokens = new Set([...before.carts.keys(), ...after.carts.keys()]);
  return [...tokens].filter((token) => {
    if (excluded.has(token)) return false;
    const was = before.carts.get(token);
    const is = after.carts.get(token);
    return was?.entries !== is?.entries || was?.quantity !== is?.quantity;
  });
}
