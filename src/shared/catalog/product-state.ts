// Derived product states (docs/behaviour/products-and-variants.md#derived-product-states): sold out, on sale, has
// variants, varied prices. Pure functions over a product's type and variants, used by
// the server's product pages and the template engine's commerce plugins alike.
import { fractionDigits } from '../money/currencies.ts';
import { majorToMinor } from '../money/decimal.ts';
import { readMoney } from '../money/money.ts';
import { PRODUCT_TYPES } from './product-types.ts';
import { isSoldOutVariant } from './stock-state.ts';

export interface VariantState {
  readonly unlimited?: boolean;
  readonly qtyInStock?: number;
  readonly onSale?: boolean;
  /** Minor units of the store currency. */
  readonly price?: number;
  readonly salePrice?: number;
}

export interface ProductState {
  readonly productType: number;
  readonly variants: readonly VariantState[];
  /** Digital goods carry sale state and prices on the product itself. */
  readonly onSale?: boolean;
  readonly price?: number;
  readonly salePrice?: number;
}

/** Physical goods and services are priced and stocked per variant. */
export function usesVariants(productType: number): boolean {
  return productType === PRODUCT_TYPES.PHYSICAL || productType === PRODUCT_TYPES.SERVICE;
}

/**
 * Sold out: a physical product or service with no variant that is unlimited or has stock.
 * Only those two types are stocked: digital goods, gift cards, PAYWALL and unknown types never
 * are (the cart refuses the last two on their own grounds).
 */
export function isProductSoldOut(p: ProductState): boolean {
  if (!usesVariants(p.productType)) return false;
  return p.variants.every((v) =>
    isSoldOutVariant({ unlimited: v.unlimited === true, qtyInStock: v.qtyInStock ?? 0 }),
  );
}

/**
 * On sale: any variant on sale; for digital goods, the product's own flag. A gift card is sold
 * at its face value and never on sale, as in the reference engine.
 */
export function isProductOnSale(p: ProductState): boolean {
  if (usesVariants(p.productType)) return p.variants.some((v) => v.onSale === true);
  if (p.productType === PRODUCT_TYPES.DIGITAL) return p.onSale === true;
  return false;
}

/** More than one variant to choose from (digital goods have none to choose). */
export function hasProductVariants(p: ProductState): boolean {
  return p.productType !== PRODUCT_TYPES.DIGITAL && p.variants.length > 1;
}

/** What a buyer pays now for one variant (or the product), in minor units. */
export function effectivePrice(v: VariantState): number | undefined {
  return v.onSale === true && v.salePrice !== undefined ? v.salePrice : v.price;
}

/** Variants whose current prices differ ("from {lowest}" pricing). */
export function hasVariedPrices(p: ProductState): boolean {
  if (!usesVariants(p.productType)) return false;
  return new Set(p.variants.map((v) => effectivePrice(v) ?? 0)).size > 1;
}

/** The lowest current price across variants (or the product's own), in minor units. */
export function lowestPrice(p: ProductState): number | undefined {
  const items: readonly VariantState[] = usesVariants(p.productType) ? p.variants : [p];
  let low: number | undefined;
  for (const v of items) {
    const price = effectivePrice(v);
    if (price !== undefined && (low === undefined || price < low)) low = price;
  }
  return low;
}

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Minor units from a Money object (`priceMoney`), else from a cents field (`price`). */
function minorOf(r: Rec, moneyKey: string, centsKey: string): number | undefined {
  const m = readMoney(r[moneyKey]);
  if (m) return majorToMinor(m.decimal, fractionDigits(m.currency)) ?? undefined;
  const cents = r[centsKey];
  return typeof cents === 'number' && Number.isFinite(cents) ? Math.round(cents) : undefined;
}

function priceFields(r: Rec): Pick<VariantState, 'onSale' | 'price' | 'salePrice'> {
  return {
    onSale: r.onSale === true,
    price: minorOf(r, 'priceMoney', 'price'),
    salePrice: minorOf(r, 'salePriceMoney', 'salePrice'),
  };
}

/** Reads a product record of template data (an item's `structuredContent`); null when it is not one. */
export function productStateOf(structuredContent: unknown): ProductState | null {
  if (!isRec(structuredContent)) return null;
  const type = structuredContent.productType;
  const variants = Array.isArray(structuredContent.variants)
    ? structuredContent.variants.filter(isRec).map((v): VariantState => ({
        unlimited: v.unlimited === true,
        qtyInStock: typeof v.qtyInStock === 'number' ? v.qtyInStock : 0,
        ...priceFields(v),
      }))
    : [];
  return {
    productType: typeof type === 'number' ? type : -1,
    variants,
    ...priceFields(structuredContent),
  };
}
