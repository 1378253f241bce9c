/**
 * Reading a cart with its lines: one query for the cart, one join for its entries with the
 * product and variant each entry points at. Outside a transaction both are statements prepared
 * once per database handle (as catalog/queries.ts does): every page view of a shopper with a
 * cart and every get-cart reads them, and building the query costs more than running it.
 */
import { and, asc, eq, sql, type Placeholder } from 'drizzle-orm';
import type { CartLine, StoredCart } from '../../../shared/cart/build-cart.ts';
import type { GiftCardRecipient } from '../../../shared/giftcards/recipient.ts';
import { preparedPerHandle, schema, type AppDb } from '../../db/index.ts';
import { selectEntryRows } from './entry-rows.ts';

const { carts, cartEntries } = schema;

export interface CartWithLines {
  readonly cart: StoredCart;
  readonly lines: CartLine[];
}

function prepareStatements(db: AppDb) {
  return {
    openCart: db
      .select()
      .from(carts)
      .where(
        and(
          eq(carts.token, sql.placeholder('token')),
          eq(carts.siteId, sql.placeholder('siteId')),
          eq(carts.isPurchased, false),
        ),
      )
      .limit(1)
      .prepare('cart_open_by_token'),
    lines: selectLines(db, sql.placeholder('cartId')).prepare('cart_lines'),
  };
}

const statements = preparedPerHandle(prepareStatements);

/** The open cart of a token with its lines; the database handle, not a transaction. */
export async function findOpenCartByToken(
  db: AppDb,
  siteId: string,
  token: string,
): Promise<CartWithLines | undefined> {
  const { openCart, lines } = statements(db);
  const [row] = await openCart.execute({ token, siteId });
  if (!row) return undefined;
  return {
    cart: toStoredCart(row),
    lines: toLines(await lines.execute({ cartId: row.id })),
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
