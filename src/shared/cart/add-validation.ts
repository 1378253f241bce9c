/**
 * The product form's checks before it calls the cart (docs/behaviour/cart.md#add-to-cart-checks), in the
 * order a shopper fixes them: options left unchosen ('Please select the Size option.', two
 * joined by 'and', more as a comma list with 'and'), a gift card's denomination, a combination
 * no variant has, the quantity ('Quantity must be a number.', 'Quantity must be a whole
 * number'), then the stock the form knows of. The server checks all of these again.
 */
import { ERRORS } from '../errors.ts';
import { PRODUCT_TYPES } from '../catalog/product-types.ts';
import { unselectedOptionsMessage } from './choose-variant.ts';
import { hasEnoughStock, type VariantStock } from './purchase-rules.ts';
import { parseQuantity } from './quantity.ts';

export interface AddAttempt {
  readonly productType: number;
  /** Options not chosen yet, in display order. */
  readonly unselected: readonly string[];
  /** The chosen variant; undefined when the choice matches none. */
  readonly variant: VariantStock | undefined;
  /** The quantity input's text; undefined when the form has no quantity input (1). */
  readonly quantity: string | undefined;
}

export type AddCheck =
  | { readonly ok: true; readonly quantity: number }
  | { readonly ok: false; readonly message: string };

export function checkAdd(attempt: AddAttempt): AddCheck {
  if (attempt.unselected.length > 0) {
    if (attempt.productType === PRODUCT_TYPES.GIFT_CARD)
      return { ok: false, message: ERRORS.GIFT_CARD_DENOMINATION_REQUIRED.message };
    return { ok: false, message: unselectedOptionsMessage(attempt.unselected) };
  }
  if (!attempt.variant) return { ok: false, message: ERRORS.ITEM_VARIANT_UNAVAILABLE.message };
  const parsed = parseQuantity(attempt.quantity);
  if (!parsed.ok) return { ok: false, message: ERRORS[parsed.problem].message };
  if (!hasEnoughStock(attempt.productType, attempt.variant, parsed.quantity))
    return { ok: false, message: ERRORS.INSUFFICIENT_STOCK.message };
  return { ok: true, quantity: parsed.quantity };
}
