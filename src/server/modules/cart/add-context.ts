/**
 * What an add to cart reads once it has locked the shopper's cart (lockOpenCart), in one
 * statement: the cart's lines priced now (as linesOfCart reads them), the variant's stock read
 * without a lock (as readVariantStock reads it) and where a new entry goes. The cart it answers
 * is these lines with its write applied in memory (withAddedQuantity, withNewLine), not a second
 * read.
 *
 * The lock must be a statement of its own, before this one: under READ COMMITTED a statement
 * reads the data committed when it began, so a read in the statement that waited for the lock
 * would miss what the cart's previous writer committed while it waited.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { GiftCardRecipient } from '../../../shared/giftcards/recipient.ts';
import { schema, type AppTx } from '../../db/index.ts';
import type { VariantStock } from './cart-locks.ts';
import type { StoredCartLine } from './cart-queries.ts';

const { cartEntries, products, variants } = schema;

/** A line of the cart, with whether its answers equal the ones being added (jsonb equality). */
export interface AddContextLine extends StoredCartLine {
  readonly sameAnswers: boolean;
}

export interface AddContext {
  /** The cart's lines in cart order (none without a cart). */
  readonly lines: readonly AddContextLine[];
  /** The variant's stock; undefined when the variant is gone. */
  readonly stock: VariantStock | undefined;
  /** Where a new entry goes: the end of the cart. */
  readonly nextPosition: number;
}

const lineSchema = z.object({
  id: z.string(),
  itemId: z.string(),
  variantId: z.string(),
  quantity: z.number(),
  productType: z.number(),
  title: z.string(),
  sku: z.string().nullable(),
  attributes: z.record(z.string(), z.string()),
  unitPriceCents: z.number(),
  additionalFields: z.record(z.string(), z.unknown()).nullable(),
  giftCardRecipient: z.custom<GiftCardRecipient | null>(
    (value) => value === null || typeof value === 'object',
  ),
  sameAnswers: z.boolean(),
});

const contextRow = z.object({
  lines: z.array(lineSchema),
  stock: z.object({ unlimited: z.boolean(), qtyInStock: z.number() }).nullable(),
  next_position: z.number(),
});

export async function readAddContext(
  tx: AppTx,
  input: {
    /** The locked cart; undefined: a cart about to be created. */
    readonly cartId: string | undefined;
    readonly variantId: string;
    readonly answers: Record<string, unknown> | null;
  },
): Promise<AddContext> {
  const json = input.answers === null ? null : JSON.stringify(input.answers);
  // Without a cart the entry subqueries match nothing (cart ids are never empty).
  const cartId = input.cartId ?? '';
  // The unit price is the sale price while the variant is on sale, as linesOfCart prices it.
  const result = await tx.execute(sql`
    select
      coalesce((
        select json_agg(json_build_object(
                 'id', e.id, 'itemId', e.product_id, 'variantId', e.variant_id,
                 'quantity', e.quantity, 'productType', p.product_type, 'title', p.title,
                 'sku', v.sku, 'attributes', v.attributes,
                 'unitPriceCents', case when v.on_sale then v.sale_price else v.price end,
                 'additionalFields', e.additional_fields,
                 'giftCardRecipient', e.gift_card_recipient,
                 'sameAnswers', e.additional_fields is not distinct from ${json}::jsonb)
               order by e.position, e.created_at, e.id)
          from ${cartEntries} e
          join ${products} p on p.id = e.product_id
          join ${variants} v on v.id = e.variant_id
         where e.cart_id = ${cartId}
      ), '[]'::json) as lines,
      (select json_build_object('unlimited', v.unlimited, 'qtyInStock', v.qty_in_stock)
         from ${variants} v where v.id = ${input.variantId}) as stock,
      (select coalesce(max(e.position), -1)::int + 1
         from ${cartEntries} e where e.cart_id = ${cartId}) as next_position`);
  // Both drivers' raw results carry `rows` (PGlite Results, pg QueryResult).
  const [row] = z.array(contextRow).parse((result as { rows: unknown[] }).rows);
  if (!row) throw new Error('the add context query returned no row');
  return { lines: row.lines, stock: row.stock ?? undefined, nextPosition: row.next_position };
}

/** The lines after adding `quantity` to the entry `entryId`. */
export function withAddedQuantity(
  lines: readonly StoredCartLine[],
  entryId: string,
  quantity: number,
): StoredCartLine[] {
  return lines.map((line) =>
    line.id === entryId ? { ...line, quantity: line.quantity + quantity } : line,
  );
}

/** The lines after a new entry went in at the end of the cart (its position is the largest). */
export function withNewLine(
  lines: readonly StoredCartLine[],
  line: StoredCartLine,
): StoredCartLine[] {
  return [...lines, line];
}
