/**
 * The shopping cart as the API returns it (docs/behaviour/cart.md#the-shopping-cart): every field the
 * spec names, with its default. Totals are integers of minor units; `subtotalAmount` is derived
 * from `subtotalCents` in the store currency.
 */
import { toMoney, type Money } from '../money/to-money.ts';

export interface CartEntry {
  readonly id: string;
  readonly itemId: string;
  readonly quantity: number;
  readonly chosenVariant: {
    readonly sku: string | null;
    readonly attributes: Record<string, string>;
  };
  readonly title: string;
  readonly subTotal: number;
  readonly purchasePriceCents: number;
  /**
   * Vitrine addition: the entry's extra-field answers keyed by field id (null when none), so the
   * cart page can show and edit them through PUT …/additionalFields.
   */
  readonly additionalFields: Readonly<Record<string, unknown>> | null;
}

export interface ShoppingCart {
  readonly id: string | null;
  readonly websiteId: string;
  readonly orderId: string | null;
  readonly created: number | null;
  readonly isPurchased: boolean;
  readonly entries: readonly CartEntry[];
  readonly items: readonly { readonly itemId: string; readonly productType: number }[];
  readonly shippingOptions: readonly unknown[];
  readonly selectedShippingOption: unknown;
  readonly shippingLocation: unknown;
  readonly applicableTaxRules: readonly unknown[];
  readonly coupons: readonly unknown[];
  readonly validCoupons: readonly unknown[];
  readonly invalidCoupons: readonly unknown[];
  readonly subtotalCents: number;
  readonly taxCents: number;
  readonly shippingCostCents: number;
  readonly discountCents: number;
  readonly grandTotalCents: number;
  readonly totalQuantity: number;
  readonly hasDigital: boolean;
  readonly purelyDigital: boolean;
  readonly requiresShipping: boolean;
  readonly subtotalAmount: Money;
}

/** Fraction digits of a currency from the shared currency table (JPY 0, others 2). */
/** A cart with nothing in it: what a visitor without a cart cookie sees. */
export function emptyCart(websiteId: string, currency: string): ShoppingCart {
  return {
    id: null,
    websiteId,
    orderId: null,
    created: null,
    isPurchased: false,
    entries: [],
    items: [],
    shippingOptions: [],
    selectedShippingOption: null,
    shippingLocation: null,
    applicableTaxRules: [],
    coupons: [],
    validCoupons: [],
    invalidCoupons: [],
    subtotalCents: 0,
    taxCents: 0,
    shippingCostCents: 0,
    discountCents: 0,
    grandTotalCents: 0,
    totalQuantity: 0,
    hasDigital: false,
    purelyDigital: false,
    requiresShipping: false,
    subtotalAmount: toMoney(0, currency),
  };
}
