/**
 * The entry an edit names, inside the shopper's own open cart: the cart row is locked first
 * (the order every cart write uses), then the entry is read. An entry of another cart, of a
 * purchased cart or an unknown id is "no longer in your cart" (404), never someone else's entry.
 */
import { and, eq, ne, type SQL } from 'drizzle-orm';
import type { ShoppingCart, CartEntry } from '../../../shared/cart/shopping-cart.ts';
import { buildCart } from '../../../shared/cart/build-cart.ts';
import { AppError } from '../../../shared/errors.ts';
import { schema, type AppTx } from '../../db/index.ts';
import { lockOpenCart, type CartRow } from './cart-locks.ts';
import { linesOfCart, toStoredCart } from './cart-queries.ts';
import { selectEntryRows } from './entry-rows.ts';

const { cartEntries } = schema;

export interface LockedEntry {
  readonly cart: CartRow;
  readonly entry: {
    readonly id: string;
    readonly productId: string;
    readonly variantId: string;
    readonly quantity: number;
    readonly sku: string;
    readonly productType: number;
  };
}

export async function lockCartEntry(
  tx: AppTx,
  siteId: string,
  cartToken: string | undefined,
  entryId: string,
): Promise<LockedEntry> {
  const cart =
    cartToken === undefined ? undefined : await lockOpenCart(tx, siteId, cartToken, 'standard');
  if (!cart) throw new AppError('CART_ENTRY_NOT_FOUND');
  const [row] = await selectEntryRows(tx).where(
    and(eq(cartEntries.id, entryId), eq(cartEntries.cartId, cart.id)),
  );
  if (!row) throw new AppError('CART_ENTRY_NOT_FOUND');
  const { id, itemId: productId, variantId, quantity, sku, productType } = row;
  return { cart, entry: { id, productId, variantId, quantity, sku, productType } };
}

/** Where-clause: the other entries of the locked entry's cart, narrowed by `also`. */
export function otherEntriesOfCart({ cart, entry }: LockedEntry, ...also: SQL[]): SQL | undefined {
  return and(eq(cartEntries.cartId, cart.id), ne(cartEntries.id, entry.id), ...also);
}

/** The cart rebuilt from its entries after a write, with the entry the write was about. */
export async function rebuiltCart(
  tx: AppTx,
  cart: CartRow,
  entryId: string,
): Promise<{ shoppingCart: ShoppingCart; entry: CartEntry | undefined }> {
  const shoppingCart = buildCart(toStoredCart(cart), await linesOfCart(tx, cart.id));
  return {
    shoppingCart,
    entry: shoppingCart.entries.find((candidate) => candidate.id === entryId),
  };
}
