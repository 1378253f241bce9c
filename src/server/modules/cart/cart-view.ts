/**
 * A cart as the cart and checkout templates read it: each entry with its page, image, chosen
 * options in the product's option order, extra-field answers under their field titles and
 * Money values (the engine's `money` formatter prints them in the site currency).
 */
import type { ShoppingCart } from '../../../shared/cart/shopping-cart.ts';
import { answerLines } from '../../../shared/cart/entry-answers.ts';
import { PRODUCT_TYPES } from '../../../shared/catalog/product-types.ts';
import { toMoney, type Money } from '../../../shared/money/to-money.ts';
import type { EntryDetails, EntryImage } from './entry-details.ts';

export { answerText } from '../../../shared/cart/entry-answers.ts';

export interface CartEntryView {
  readonly id: string;
  readonly itemId: string;
  readonly sku: string | null;
  readonly title: string;
  readonly fullUrl: string | null;
  readonly image: EntryImage | null;
  readonly quantity: number;
  /**
   * Whether the cart page offers a quantity form: not for a digital product (one download per
   * cart), nor for a service unless the site allows several (docs/behaviour/cart.md#quantity-input).
   */
  readonly quantityEditable: boolean;
  readonly attributes: readonly { readonly name: string; readonly value: string }[];
  readonly answers: readonly { readonly title: string; readonly value: string }[];
  /** The stored answers keyed by field id (the cart page's answer editor starts from them). */
  readonly additionalFields: Readonly<Record<string, unknown>> | null;
  readonly unitPriceCents: number;
  readonly subTotalCents: number;
  readonly unitPriceMoney: Money;
  readonly subTotalMoney: Money;
}

export interface CartView {
  readonly isEmpty: boolean;
  readonly totalQuantity: number;
  readonly subtotalCents: number;
  readonly subtotalMoney: Money;
  /** The product type of every distinct item (the pay-later teaser's cart). */
  readonly productTypes: readonly number[];
  readonly entries: readonly CartEntryView[];
}

function quantityEditable(
  productType: number | undefined,
  options: { readonly multipleQuantityAllowedForServices: boolean },
): boolean {
  if (productType === PRODUCT_TYPES.DIGITAL) return false;
  if (productType === PRODUCT_TYPES.SERVICE) return options.multipleQuantityAllowedForServices;
  return true;
}

/** The chosen options in the product's option order; options it does not list follow by name. */
function orderedAttributes(
  attributes: Readonly<Record<string, string>>,
  ordering: readonly string[],
): { name: string; value: string }[] {
  const rank = (name: string) => {
    const index = ordering.indexOf(name);
    return index === -1 ? ordering.length : index;
  };
  return Object.keys(attributes)
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .map((name) => ({ name, value: attributes[name] ?? '' }));
}

export function cartView(
  cart: ShoppingCart,
  currency: string,
  details: ReadonlyMap<string, EntryDetails>,
  productTypes: ReadonlyMap<string, number>,
  options: { readonly multipleQuantityAllowedForServices: boolean } = {
    multipleQuantityAllowedForServices: true,
  },
): CartView {
  const entries = cart.entries.map((entry): CartEntryView => {
    const detail = details.get(entry.id);
    const answers = answerLines(entry.additionalFields, detail?.fieldTitles);
    return {
      id: entry.id,
      itemId: entry.itemId,
      sku: entry.chosenVariant.sku,
      title: entry.title,
      fullUrl: detail?.fullUrl ?? null,
      image: detail?.image ?? null,
      quantity: entry.quantity,
      quantityEditable: quantityEditable(productTypes.get(entry.itemId), options),
      attributes: orderedAttributes(entry.chosenVariant.attributes, detail?.optionOrdering ?? []),
      answers,
      additionalFields: entry.additionalFields,
      unitPriceCents: entry.purchasePriceCents,
      subTotalCents: entry.subTotal,
      unitPriceMoney: toMoney(entry.purchasePriceCents, currency),
      subTotalMoney: toMoney(entry.subTotal, currency),
    };
  });
  return {
    isEmpty: entries.length === 0,
    totalQuantity: cart.totalQuantity,
    subtotalCents: cart.subtotalCents,
    subtotalMoney: toMoney(cart.subtotalCents, currency),
    productTypes: cart.items.map((item) => item.productType),
    entries,
  };
}

/** Product type per item id, from the cart's `items`. */
export function productTypesOf(cart: ShoppingCart): Map<string, number> {
  return new Map(cart.items.map((item) => [item.itemId, item.productType]));
}
