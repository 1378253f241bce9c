/**
 * Sets an entry's quantity (Vitrine's endpoint; the cart page's quantity editor). Same rules as
 * adding: the spec's quantity messages, one of a digital product, and, when the quantity rises,
 * enough stock for everything of that variant in the cart — checked while the cart row is locked,
 * in the transaction that writes (the variant is read, not locked: cart-locks.ts). Lowering a quantity is always allowed, even
 * when stock has since fallen below it, so a shopper can always move towards what is available.
 */
import { eq, sql } from 'drizzle-orm';
import { hasEnoughStock, quantityRefusal } from '../../../shared/cart/purchase-rules.ts';
import { parseQuantity } from '../../../shared/cart/quantity.ts';
import type { CartEntry, ShoppingCart } from '../../../shared/cart/shopping-cart.ts';
import { AppError } from '../../../shared/errors.ts';
import { servicesAllowMultipleQuantity } from '../../../shared/site-context/settings.ts';
import { schema, type Database } from '../../db/index.ts';
import type { CurrentSite } from '../../http/current-site.ts';
import { readVariantStock, sumQuantities } from './cart-locks.ts';
import { lockCartEntry, otherEntriesOfCart, rebuiltCart } from './entry-lookup.ts';
import { inCartTransaction } from './cart-transaction.ts';

const { cartEntries } = schema;

export interface ChangeQuantityInput {
  readonly site: CurrentSite;
  readonly cartToken: string | undefined;
  readonly entryId: string;
  readonly quantity: unknown;
}

export interface ChangeQuantityResult {
  readonly shoppingCart: ShoppingCart;
  readonly updatedEntry: CartEntry;
}

export async function changeQuantity(
  database: Database,
  input: ChangeQuantityInput,
): Promise<ChangeQuantityResult> {
  // Here the quantity is the point of the call: leaving it out is not "the default of 1".
  const quantity =
    input.quantity === undefined
      ? ({ ok: false, problem: 'QUANTITY_NOT_A_NUMBER' } as const)
      : parseQuantity(input.quantity);
  if (!quantity.ok) throw new AppError(quantity.problem);
  const wanted = quantity.quantity;

  return inCartTransaction(database, async (tx) => {
    const { cart, entry } = await lockCartEntry(tx, input.site.id, input.cartToken, input.entryId);
    if (wanted !== entry.quantity) {
      const others = await tx
        .select({ variantId: cartEntries.variantId, quantity: cartEntries.quantity })
        .from(cartEntries)
        .where(otherEntriesOfCart({ cart, entry }, eq(cartEntries.productId, entry.productId)));
      if (wanted > entry.quantity) {
        const typeRefusal = quantityRefusal(
          entry.productType,
          sumQuantities(others) + wanted,
          servicesAllowMultipleQuantity(input.site.settings),
        );
        if (typeRefusal) throw new AppError(typeRefusal);
        const stock = await readVariantStock(tx, entry.variantId);
        const inCart =
          sumQuantities(others.filter((other) => other.variantId === entry.variantId)) + wanted;
        if (!stock || !hasEnoughStock(entry.productType, stock, inCart))
          throw new AppError('INSUFFICIENT_STOCK');
      }
      await tx
        .update(cartEntries)
        .set({ quantity: wanted, updatedAt: sql`now()` })
        .where(eq(cartEntries.id, entry.id));
    }
    const { shoppingCart, entry: updatedEntry } = await rebuiltCart(tx, cart, entry.id);
    // The entry was locked in this cart above and not removed.
    if (!updatedEntry) throw new Error('the changed entry is missing from its cart');
    return { shoppingCart, updatedEntry };
  });
}
