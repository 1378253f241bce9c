/**
 * Removes an entry from the shopper's cart (Vitrine's endpoint). Answers the rebuilt cart and
 * the entry as it was, which the remove-from-cart tracking event describes.
 */
import { eq } from 'drizzle-orm';
import type { CartEntry, ShoppingCart } from '../../../shared/cart/shopping-cart.ts';
import { schema, type Database } from '../../db/index.ts';
import type { CurrentSite } from '../../http/current-site.ts';
import { lockCartEntry, rebuiltCart } from './entry-lookup.ts';
import { inCartTransaction } from './cart-transaction.ts';

const { cartEntries } = schema;

export interface RemoveEntryInput {
  readonly site: CurrentSite;
  readonly cartToken: string | undefined;
  readonly entryId: string;
}

export interface RemoveEntryResult {
  readonly shoppingCart: ShoppingCart;
  readonly removedEntry: CartEntry;
}

export async function removeEntry(
  database: Database,
  input: RemoveEntryInput,
): Promise<RemoveEntryResult> {
  return inCartTransaction(database, async (tx) => {
    const { cart, entry } = await lockCartEntry(tx, input.site.id, input.cartToken, input.entryId);
    const before = await rebuiltCart(tx, cart, entry.id);
    // Locked in this cart above, so the cart as read holds it.
    if (!before.entry) throw new Error('the entry to remove is missing from its cart');
    await tx.delete(cartEntries).where(eq(cartEntries.id, entry.id));
    const { shoppingCart } = await rebuiltCart(tx, cart, entry.id);
    return { shoppingCart, removedEntry: before.entry };
  });
}
