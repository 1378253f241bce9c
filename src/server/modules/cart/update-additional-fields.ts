/**
 * PUT /api/commerce/shopping-cart/entries/{entryId}/additionalFields (docs/behaviour/cart.md#cart-calls): new
 * answers to an entry's extra-fields form, validated like on add. The payload's itemId and sku
 * must still describe the entry (a stale page editing an entry that has changed gets a 404).
 * When another entry of the same variant already has exactly these answers, the two become
 * one entry (quantities added), as adding would have done; `updatedEntry` is that entry.
 */
import { eq, sql } from 'drizzle-orm';
import { parseAdditionalFields } from '../../../shared/cart/additional-fields.ts';
import { isQuantityInRange } from '../../../shared/cart/quantity.ts';
import type { CartEntry, ShoppingCart } from '../../../shared/cart/shopping-cart.ts';
import { AppError } from '../../../shared/errors.ts';
import { schema, type Database } from '../../db/index.ts';
import type { CurrentSite } from '../../http/current-site.ts';
import { findPublishedProduct } from '../inventory/index.ts';
import { lockCartEntry, otherEntriesOfCart, rebuiltCart } from './entry-lookup.ts';
import { checkExtraFields } from './extra-fields.ts';
import { inCartTransaction } from './cart-transaction.ts';

const { cartEntries } = schema;

export interface UpdateAdditionalFieldsInput {
  readonly site: CurrentSite;
  readonly cartToken: string | undefined;
  readonly entryId: string;
  readonly itemId: string;
  readonly sku: string | null | undefined;
  readonly additionalFields: string | null;
  /** The answers came from a plain form post (POST /cart/answers): see listsFromPlainForm. */
  readonly answersFromPlainForm?: boolean;
}

export interface UpdateAdditionalFieldsResult {
  readonly shoppingCart: ShoppingCart;
  readonly updatedEntry: CartEntry;
}

export async function updateAdditionalFields(
  database: Database,
  input: UpdateAdditionalFieldsInput,
): Promise<UpdateAdditionalFieldsResult> {
  const parsed = parseAdditionalFields(input.additionalFields);
  if (!parsed.ok) throw new AppError('ADDITIONAL_FIELDS_NOT_JSON');

  return inCartTransaction(database, async (tx) => {
    const { cart, entry } = await lockCartEntry(tx, input.site.id, input.cartToken, input.entryId);
    const skuGiven = input.sku !== undefined && input.sku !== null && input.sku !== '';
    if (entry.productId !== input.itemId || (skuGiven && entry.sku !== input.sku)) {
      throw new AppError('CART_ENTRY_NOT_FOUND');
    }
    const product = await findPublishedProduct(tx, input.site.id, entry.productId);
    if (!product) throw new AppError('ITEM_NOT_FOUND');
    const answers = await checkExtraFields(
      tx,
      input.site.id,
      product.additionalFieldsFormId,
      parsed.answers,
      input.answersFromPlainForm === true,
    );
    const json = answers === null ? null : JSON.stringify(answers);

    const [twin] = await tx
      .select({ id: cartEntries.id, quantity: cartEntries.quantity })
      .from(cartEntries)
      .where(
        otherEntriesOfCart(
          { cart, entry },
          eq(cartEntries.variantId, entry.variantId),
          sql`${cartEntries.additionalFields} is not distinct from ${json}::jsonb`,
        ),
      )
      .limit(1);
    let updatedId = entry.id;
    if (twin) {
      if (!isQuantityInRange(twin.quantity + entry.quantity))
        throw new AppError('QUANTITY_OUT_OF_RANGE');
      await tx
        .update(cartEntries)
        .set({ quantity: twin.quantity + entry.quantity, updatedAt: sql`now()` })
        .where(eq(cartEntries.id, twin.id));
      await tx.delete(cartEntries).where(eq(cartEntries.id, entry.id));
      updatedId = twin.id;
    } else {
      await tx
        .update(cartEntries)
        .set({ additionalFields: answers, updatedAt: sql`now()` })
        .where(eq(cartEntries.id, entry.id));
    }
    const { shoppingCart, entry: updatedEntry } = await rebuiltCart(tx, cart, updatedId);
    // Written in this transaction just above.
    if (!updatedEntry) throw new Error('the updated entry is missing from its cart');
    return { shoppingCart, updatedEntry };
  });
}
