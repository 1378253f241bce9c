/**
 * Reading a cart with its lines. The open cart of a cookie's token comes with its lines in one
 * statement prepared once (db/prepared.ts; the lines as cart-lines-json.ts builds them): every
 * page view of a shopper with a cart and every get-cart reads it, and a round trip costs the
 * server more than the statement costs PostgreSQL. Inside a transaction the lines are read with
 * the join of entry-rows.ts.
 */
import { asc, eq, sql, type Placeholder } from 'drizzle-orm';
import { z } from 'zod';
import type { CartLine, StoredCart } from '../../../shared/cart/build-cart.ts';
import type { GiftCardRecipient } from '../../../shared/giftcards/recipient.ts';
import { preparedRaw, schema, type AppDb } from '../../db/index.ts';
import { cartLinesJson, cartLinesSchema } from './cart-lines-json.ts';
import { selectEntryRows } from './entry-rows.ts';

const { carts, cartEntries } = schema;

export interface CartWithLines {
  readonly cart: StoredCart;
  readonly lines: CartLine[];
}

// Every page view of a shopper with a cart and every get-cart read it: one round trip.
const openCartStatement = preparedRaw(
  'cart_open_by_token',
  sql`
    select c.id, c.site_id, c.currency, c.created, c.is_purchased, c.order_id,
      ${cartLinesJson(sql`c.id`)} as lines
      from ${carts} c
     where c.token = ${sql.placeholder('token')} and c.site_id = ${sql.placeholder('siteId')}
       and not c.is_purchased
     limit 1`,
);

const openCartRows = z.array(
  z.object({
    id: z.string(),
    site_id: z.string(),
    currency: z.string(),
    // Both drivers parse timestamptz into a Date; coerced so text would read the same.
    created: z.coerce.date(),
    is_purchased: z.boolean(),
    order_id: z.string().nullable(),
    lines: cartLinesSchema,
  }),
);

/** The open cart of a token with its lines; the database handle, not a transaction. */
export async function findOpenCartByToken(
  db: AppDb,
  siteId: string,
  token: string,
): Promise<CartWithLines | undefined> {
  const result = await openCartStatement(db).execute({ token, siteId });
  const [row] = openCartRows.parse(result.rows);
  if (!row) return undefined;
  const { site_id: rowSiteId, is_purchased: isPurchased, order_id: orderId, lines } = row;
  return {
    cart: toStoredCart({ ...row, siteId: rowSiteId, isPurchased, orderId }),
    lines,
  };
}

/** A cart row as the shared cart math reads it. */
export function toStoredCart(
  row: Pick<
    typeof carts.$inferSelect,
    'id' | 'siteId' | 'currency' | 'created' | 'isPurchased' | 'orderId'
  >,
): StoredCart {
  return {
    id: row.id,
    websiteId: row.siteId,
    currency: row.currency,
    created: row.created,
    isPurchased: row.isPurchased,
    orderId: row.orderId,
  };
}

/** A cart line with what checkout also needs: the variant and the gift card's recipient. */
export interface StoredCartLine extends CartLine {
  readonly variantId: string;
  readonly additionalFields: Record<string, unknown> | null;
  readonly giftCardRecipient: GiftCardRecipient | null;
}

/** A cart's entries in cart order, each priced at what its variant costs now. */
export async function linesOfCart(db: AppDb, cartId: string): Promise<StoredCartLine[]> {
  return toLines(await selectLines(db, cartId));
}

function selectLines(db: AppDb, cartId: string | Placeholder) {
  return selectEntryRows(db)
    .where(eq(cartEntries.cartId, cartId))
    .orderBy(asc(cartEntries.position), asc(cartEntries.createdAt), asc(cartEntries.id));
}

function toLines(rows: Awaited<ReturnType<typeof selectLines>>): StoredCartLine[] {
  return rows.map(({ price, salePrice, onSale, ...line }) => ({
    ...line,
    unitPriceCents: unitPriceOf({ price, salePrice, onSale }),
  }));
}

/**
 * What one unit of a variant costs the shopper now: its sale price while it is on sale
 * (add-context.ts says the same in SQL).
 */
export function unitPriceOf(variant: {
  price: number;
  salePrice: number;
  onSale: boolean;
}): number {
  return variant.onSale ? variant.salePrice : variant.price;
}
