/**
 * The shopping cart as the API returns it (storefront.md §3 "Shopping cart"): every field the
 * spec names, with its default. Totals are integers of minor units; `subtotalAmount` is derived
 * from `subtotalCents` in the store currency.
 */

export interface MoneyAmount {
  /** Decimal string in major units, e.g. "12.50". */
  readonly value: string;
  readonly decimalValue: string;
  readonly currency: string;
  readonly currencyCode: string;
}

export interface CartEntry {
  readonly id: string;
  readonly itemId: string;
  readonly quantity: number;
  readonly chosenVariant: { readonly sku: string | null; readonly attributes: Record<string, string> };
  readonly title: string;
  readonly subTotal: number;
  readonly purchasePriceCents: number;
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
  readonly subtotalAmount: MoneyAmount;
}

/** Fraction digits of a currency from the runtime's CLDR data (JPY 0, USD 2). */
export function currencyFractionDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
    .maximumFractionDigits ?? 2;
}

export function moneyAmount(minorUnits: number, currency: string): MoneyAmount {
  const digits = currencyFractionDigits(currency);
  const value = (minorUnits / 10 ** digits).toFixed(digits);
  return { value, decimalValue: value, currency, currencyCode: currency };
}

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
    subtotalAmount: moneyAmount(0, currency),
  };
}
