/**
 * Reading a cart with its lines: one query for the cart, one join for its entries with the
 * product and variant each entry points at.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { CartLine, StoredCart } from '../../../shared/cart/build-cart.ts';
import type { GiftCardRecipient } from '../../../shared/giftcards/recipient.ts';
import { schema, type AppDb } from '../../db/index.ts';

const { carts, cartEntries, products, variants } = schema;

export interface CartWithLines {
  readonly cart: StoredCart;
  readonly lines: CartLine[];
}

export async function findOpenCartByToken(
  db: AppDb,
  siteId: string,
  token: string,
): Promise<CartWithLines | undefined> {
  const [row] = await db
    .select()
    .from(carts)
    .where(and(eq(carts.token, token), eq(carts.siteId, siteId), eq(carts.isPurchased, false)))
    .limit(1);
  if (!row) return undefined;
  const lines = await linesOfCart(db, row.id);
  return {
    cart: toStoredCart(row),
    lines,
  };
}

/** A cart row as the shared cart math reads it. */
export function toStoredCart(row: typeof carts.$inferSelect): StoredCart {
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
  const rows = await db
    .select({
      id: cartEntries.id,
      itemId: cartEntries.productId,
      variantId: cartEntries.variantId,
      quantity: cartEntries.quantity,
      productType: products.productType,
      title: products.title,
      sku: variants.sku,
      attributes: variants.attributes,
      price: variants.price,
      salePrice: variants.salePrice,
      onSale: variants.onSale,
      additionalFields: cartEntries.additionalFields,
      giftCardRecipient: cartEntries.giftCardRecipient,
    })
    .from(cartEntries)
    .innerJoin(products, eq(products.id, cartEntries.productId))
    .innerJoin(variants, eq(variants.id, cartEntries.variantId))
    .where(eq(cartEntries.cartId, cartId))
    .orderBy(asc(cartEntries.position), asc(cartEntries.createdAt), asc(cartEntries.id));
  return rows.map(({ price, salePrice, onSale, ...line }) => ({
    ...line,
    unitPriceCents: onSale ? salePrice : price,
  }));
}
