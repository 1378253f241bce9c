/**
 * What an add to cart reads of the shopper's cart, in one statement taking no lock: the open cart
 * of the cookie's token with its version (the row's `xmin`, which every cart write changes, as
 * each locks the cart by an UPDATE: cart-locks.ts), its lines priced now (as linesOfCart reads
 * them), whether each line's answers equal the ones being added, and where a new entry goes.
 * The add's write (add-write.ts) applies only while the cart is still at this version, so what
 * the shared rules judged from these lines is what the cart holds when it is written.
 *
 * The cart it answers is these lines with the write applied in memory (withAddedQuantity,
 * withNewLine), not a second read.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { GiftCardRecipient } from '../../../shared/giftcards/recipient.ts';
import { preparedRaw, schema, type AppDb } from '../../db/index.ts';
import type { StoredCartLine } from './cart-queries.ts';

const { carts, cartEntries, products, variants } = schema;

/** A line of the cart, with whether its answers equal the ones being added (jsonb equality). */
export interface AddContextLine extends StoredCartLine {
  readonly sameAnswers: boolean;
}

/** The open cart an add writes to, as read; `version` is what add-write.ts checks. */
export interface AddContextCart {
  readonly id: string;
  readonly siteId: string;
  readonly token: string;
  readonly currency: string;
  readonly created: Date;
  readonly version: string;
}

export interface AddContext {
  /** The open cart of the token; undefined when there is none (the add creates one). */
  readonly cart: AddContextCart | undefined;
  /** The cart's lines in cart order (none without a cart). */
  readonly lines: readonly AddContextLine[];
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
  id: z.string(),
  site_id: z.string(),
  token: z.string(),
  currency: z.string(),
  // Both drivers parse timestamptz into a Date; coerced so text would read the same.
  created: z.coerce.date(),
  version: z.string(),
  lines: z.array(lineSchema),
  next_position: z.number(),
});

// The unit price is the sale price while the variant is on sale, as linesOfCart prices it.
const contextStatement = preparedRaw(
  'cart_add_context',
  sql`
    select c.id, c.site_id, c.token, c.currency, c.created, c.xmin::text as version,
      coalesce((
        select json_agg(json_build_object(
                 'id', e.id, 'itemId', e.product_id, 'variantId', e.variant_id,
                 'quantity', e.quantity, 'productType', p.product_type, 'title', p.title,
                 'sku', v.sku, 'attributes', v.attributes,
                 'unitPriceCents', case when v.on_sale then v.sale_price else v.price end,
                 'additionalFields', e.additional_fields,
                 'giftCardRecipient', e.gift_card_recipient,
                 'sameAnswers', e.additional_fields is not distinct from ${sql.placeholder('answers')}::jsonb)
               order by e.position, e.created_at, e.id)
          from ${cartEntries} e
          join ${products} p on p.id = e.product_id
          join ${variants} v on v.id = e.variant_id
         where e.cart_id = c.id
      ), '[]'::json) as lines,
      (select coalesce(max(e.position), -1)::int + 1
         from ${cartEntries} e where e.cart_id = c.id) as next_position
      from ${carts} c
     where c.token = ${sql.placeholder('token')} and c.site_id = ${sql.placeholder('siteId')}
       and c.kind = 'standard' and not c.is_purchased`,
);

export async function readAddContext(
  db: AppDb,
  input: {
    readonly siteId: string;
    /** The cart cookie's token; undefined: no cart to read. */
    readonly cartToken: string | undefined;
    readonly answers: Record<string, unknown> | null;
  },
): Promise<AddContext> {
  if (input.cartToken === undefined) return { cart: undefined, lines: [], nextPosition: 0 };
  const result = await contextStatement(db).execute({
    token: input.cartToken,
    siteId: input.siteId,
    answers: input.answers === null ? null : JSON.stringify(input.answers),
  });
  const [row] = z.array(contextRow).parse(result.rows);
  if (!row) return { cart: undefined, lines: [], nextPosition: 0 };
  const { site_id: siteId, lines, next_position: nextPosition, ...cart } = row;
  return { cart: { ...cart, siteId }, lines, nextPosition };
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
