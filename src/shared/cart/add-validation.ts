/**
 * The product form's checks before it calls the cart (docs/behaviour/cart.md#add-to-cart-checks), in the
 * order a shopper fixes them: options left unchosen ('Please select the Size option.', two
 * joined by 'and', more as a comma list with 'and'), a gift card's denomination, a combination
 * no variant has, the quantity ('Quantity must be a number.', 'Quantity must be a whole
 * number'), then the stock the form knows of. The server checks all of these again.
 */
import { BROWSER_MESSAGES } from '../browser-messages.ts';
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
      return { ok: false, message: BROWSER_MESSAGES.GIFT_CARD_DENOMINATION_REQUIRED };
    return { ok: false, message: unselectedOptionsMessage(attempt.unselected) };
  }
  if (!attempt.variant) return { ok: false, message: BROWSER_MESSAGES.ITEM_VARIANT_UNAVAILABLE };
  const parsed = parseQuantity(attempt.quantity);
  if (!parsed.ok) return { ok: false, message: BROWSER_MESSAGES[parsed.problem] };
  if (!hasEnoughStock(attempt.productType, attempt.variant, parsed.quantity))
    return { ok: false, message: BROWSER_MESSAGES.INSUFFICIENT_STOCK };
  return { ok: true, quantity: parsed.quantity };
}
