/**
 * A cart as the cart and checkout templates read it: each entry with its page, image, chosen
 * options in the product's option order, extra-field answers under their field titles and
 * Money values (the engine's `money` formatter prints them in the site currency).
 */
import type { ShoppingCart } from '../../../shared/cart/shopping-cart.ts';
import { PRODUCT_TYPES } from '../../../shared/catalog/product-types.ts';
import { toMoney, type Money } from '../../../shared/money/to-money.ts';
import type { EntryDetails, EntryImage } from './entry-details.ts';

export interface CartEntryView {
  readonly id: string;
  readonly itemId: string;
  readonly title: string;
  readonly fullUrl: string | null;
  readonly image: EntryImage | null;
  readonly quantity: number;
  /**
   * Whether the cart page offers a quantity form: not for a digital product (one download per
   * cart), nor for a service unless the site allows several (storefront.md §5 "Quantity input").
   */
  readonly quantityEditable: boolean;
  readonly attributes: readonly { readonly name: string; readonly value: string }[];
  readonly answers: readonly { readonly title: string; readonly value: string }[];
  readonly unitPriceMoney: Money;
  readonly subTotalMoney: Money;
}

export interface CartView {
  readonly isEmpty: boolean;
  readonly totalQuantity: number;
  readonly subtotalMoney: Money;
  readonly entries: readonly CartEntryView[];
}

/** An answer as one line of text: lists joined, an address or name's parts in order. */
export function answerText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(answerText).filter(Boolean).join(', ');
  if (typeof value === 'object') {
    return Object.values(value as Record<string, unknown>)
      .map(answerText)
      .filter(Boolean)
      .join(' ');
  }
  return '';
}

/** Answers in the order of the form's fields (stored answers keep no order); others after. */
function inFormOrder(
  answers: Readonly<Record<string, unknown>>,
  fieldTitles: ReadonlyMap<string, string> | undefined,
): [string, unknown][] {
  const fieldIds = [...(fieldTitles?.keys() ?? [])];
  const rank = (id: string) => {
    const index = fieldIds.indexOf(id);
    return index === -1 ? fieldIds.length : index;
  };
  return Object.entries(answers).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
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
    const answers = inFormOrder(entry.additionalFields ?? {}, detail?.fieldTitles)
      .map(([fieldId, value]) => ({
        title: detail?.fieldTitles.get(fieldId) ?? fieldId,
        value: answerText(value),
      }))
      .filter((answer) => answer.value !== '');
    return {
      id: entry.id,
      itemId: entry.itemId,
      title: entry.title,
      fullUrl: detail?.fullUrl ?? null,
      image: detail?.image ?? null,
      quantity: entry.quantity,
      quantityEditable: quantityEditable(productTypes.get(entry.itemId), options),
      attributes: orderedAttributes(entry.chosenVariant.attributes, detail?.optionOrdering ?? []),
      answers,
      unitPriceMoney: toMoney(entry.purchasePriceCents, currency),
      subTotalMoney: toMoney(entry.subTotal, currency),
    };
  });
  return {
    isEmpty: entries.length === 0,
    totalQuantity: cart.totalQuantity,
    subtotalMoney: toMoney(cart.subtotalCents, currency),
    entries,
  };
}

/** Product type per item id, from the cart's `items`. */
export function productTypesOf(cart: ShoppingCart): Map<string, number> {
  return new Map(cart.items.map((item) => [item.itemId, item.productType]));
}
