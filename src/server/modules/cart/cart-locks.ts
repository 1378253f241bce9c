/**
 * Row locks for cart writes. Every write locks its cart row and does its stock check and its
 * write inside that transaction: two writes to the same cart wait for each other, so a cart never
 * ends up holding more of a variant than the stock its check read. Variants are read, not locked:
 * carts of different shoppers never wait for each other (a flash sale's adds run side by side),
 * and checkout, which takes stock with a conditional UPDATE, stays the only authority on what is
 * sold.
 */
import type { GiftCardRecipient } from '../../../shared/giftcards/recipient.ts';
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { schema, type AppTx } from '../../db/index.ts';
import type { CartKind } from '../../db/schema.ts';

const { carts, cartEntries, variants } = schema;

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

export async function insertCart(
  tx: AppTx,
  values: { siteId: string; currency: string; kind: CartKind; siteUserId?: string | null },
): Promise<CartRow> {
  const [row] = await tx
    .insert(carts)
    .values({ id: randomUUID(), token: newCartToken(), ...values })
    .returning();
  // INSERT … RETURNING of one row always returns it; an exception would have been thrown otherwise.
  if (!row) throw new Error('cart insert returned no row');
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

export interface EntryOfProduct {
  readonly id: string;
  readonly variantId: string;
  readonly quantity: number;
  /** Whether the entry's answers equal the ones asked about (jsonb equality: key order is irrelevant). */
  readonly sameAnswers: boolean;
  /** Set on a gift card bought for someone: such an entry is never added to. */
  readonly giftCardRecipient: GiftCardRecipient | null;
}

export interface AddContext {
  /** The cart's entries of the product (none without a cart). */
  readonly entries: readonly EntryOfProduct[];
  /** The variant's stock, read without a lock as readVariantStock does; undefined if it is gone. */
  readonly stock: VariantStock | undefined;
  /** Where a new entry goes: the end of the cart. */
  readonly nextPosition: number;
}

const addContextRow = z.object({
  entries: z.array(
    z.object({
      id: z.string(),
      variantId: z.string(),
      quantity: z.number(),
      sameAnswers: z.boolean(),
      giftCardRecipient: z.custom<GiftCardRecipient | null>(
        (value) => value === null || typeof value === 'object',
      ),
    }),
  ),
  stock: z.object({ unlimited: z.boolean(), qtyInStock: z.number() }).nullable(),
  next_position: z.number(),
});

/**
 * What an add needs to know after locking its cart, in one round trip instead of three: the
 * cart's entries of the product (entriesOfProduct), the variant's stock (readVariantStock) and
 * the next position (nextEntryPosition). `cartId` undefined: a cart about to be created.
 */
export async function readAddContext(
  tx: AppTx,
  input: {
    readonly cartId: string | undefined;
    readonly productId: string;
    readonly variantId: string;
    readonly answers: Record<string, unknown> | null;
  },
): Promise<AddContext> {
  const json = input.answers === null ? null : JSON.stringify(input.answers);
  // Without a cart the entry subqueries match nothing (cart ids are never empty).
  const cartId = input.cartId ?? '';
  const result = await tx.execute(sql`
    select
      coalesce((
        select json_agg(json_build_object(
                 'id', e.id, 'variantId', e.variant_id, 'quantity', e.quantity,
                 'sameAnswers', e.additional_fields is not distinct from ${json}::jsonb,
                 'giftCardRecipient', e.gift_card_recipient))
          from ${cartEntries} e
         where e.cart_id = ${cartId} and e.product_id = ${input.productId}
      ), '[]'::json) as entries,
      (select json_build_object('unlimited', v.unlimited, 'qtyInStock', v.qty_in_stock)
         from ${variants} v where v.id = ${input.variantId}) as stock,
      (select coalesce(max(p.position), -1)::int + 1
         from ${cartEntries} p where p.cart_id = ${cartId}) as next_position`);
  // Both drivers' raw results carry `rows` (PGlite Results, pg QueryResult).
  const [row] = z.array(addContextRow).parse((result as { rows: unknown[] }).rows);
  if (!row) throw new Error('the add context query returned no row');
  return { entries: row.entries, stock: row.stock ?? undefined, nextPosition: row.next_position };
}

export function sumQuantities(entries: readonly { quantity: number }[]): number {
  return entries.reduce((sum, entry) => sum + entry.quantity, 0);
}
