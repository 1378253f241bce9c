/**
 * Derives the API's cart from stored lines: entry subtotals, totals and the digital/shipping
 * flags are recomputed on every read, so they can never drift from the entries.
 */
import { PRODUCT_TYPES } from '../catalog/product-types.ts';
import { toMoney } from '../money/to-money.ts';
import { emptyCart, type CartEntry, type ShoppingCart } from './shopping-cart.ts';

export interface CartLine {
  readonly id: string;
  readonly itemId: string;
  readonly productType: number;
  readonly title: string;
  readonly quantity: number;
  readonly sku: string | null;
  readonly attributes: Record<string, string>;
  /** The unit price the shopper pays now: the sale price when the variant is on sale. */
  readonly unitPriceCents: number;
  /** Answers to the product's extra-fields form, keyed by field id (absent: none). */
  readonly additionalFields?: Readonly<Record<string, unknown>> | null;
}

export interface StoredCart {
  readonly id: string;
  readonly websiteId: string;
  readonly currency: string;
  readonly created: Date;
  readonly isPurchased: boolean;
  readonly orderId: string | null;
}

export function buildCart(cart: StoredCart, lines: readonly CartLine[]): ShoppingCart {
  const entries: CartEntry[] = lines.map((line) => ({
    id: line.id,
    itemId: line.itemId,
    quantity: line.quantity,
    chosenVariant: { sku: line.sku, attributes: line.attributes },
    title: line.title,
    subTotal: line.unitPriceCents * line.quantity,
    purchasePriceCents: line.unitPriceCents,
    additionalFields: line.additionalFields ?? null,
  }));
  const subtotalCents = entries.reduce((sum, entry) => sum + entry.subTotal, 0);
  const totalQuantity = entries.reduce((sum, entry) => sum + entry.quantity, 0);
  const digital = lines.map((line) => line.productType === PRODUCT_TYPES.DIGITAL);
  const hasDigital = digital.some(Boolean);
  const items = [...new Map(lines.map((line) => [line.itemId, line.productType])).entries()].map(
    ([itemId, productType]) => ({ itemId, productType }),
  );
  return {
    ...emptyCart(cart.websiteId, cart.currency),
    id: cart.id,
    orderId: cart.orderId,
    created: cart.created.getTime(),
    isPurchased: cart.isPurchased,
    entries,
    items,
    subtotalCents,
    grandTotalCents: subtotalCents,
    totalQuantity,
    hasDigital,
    purelyDigital: lines.length > 0 && digital.every(Boolean),
    requiresShipping: lines.some((line) => line.productType === PRODUCT_TYPES.PHYSICAL),
    subtotalAmount: toMoney(subtotalCents, cart.currency),
  };
}
