// Template items read into the shared derived product states (sold out, on sale, has
// variants: src/shared/catalog/product-state.ts), and the price picks the commerce
// formatters print.
import {
  DEFAULT_CURRENCY,
  fractionDigits,
  majorToMinor,
  readMoney,
  type MoneyValue,
} from '../../../shared/money/index.ts';
import {
  hasProductVariants,
  isProductOnSale,
  isProductSoldOut,
  type ProductState,
  type VariantState,
  usesVariants,
} from '../../../shared/catalog/product-state.ts';
import { isRecord } from '../../values.ts';
import type { PluginEnv } from '../types.ts';

export const ProductType = { Physical: 1, Digital: 2, Service: 3, GiftCard: 4 } as const;

export type Rec = Record<string, unknown>;

export function content(item: unknown): Rec | null {
  if (!isRecord(item)) return null;
  const sc = item.structuredContent;
  return isRecord(sc) ? sc : null;
}

export function productType(sc: Rec | null): number {
  const t = sc?.productType;
  return typeof t === 'number' ? t : -1;
}

export function variants(sc: Rec | null): Rec[] {
  const v = sc?.variants;
  return Array.isArray(v) ? v.filter(isRecord) : [];
}

/** Digital goods and gift cards carry their price on the product, the others on variants. */
export { usesVariants };

const UNKNOWN: ProductState = { productType: -1, variants: [] };

/**
 * The shared product state of an item for stock and sale questions (an unreadable one
 * counts as an unknown type with no variants). Prices are left out: sold-out and
 * on-sale checks run several times per product and never need them.
 */
function state(item: unknown, env?: PluginEnv): ProductState {
  const sc = content(item);
  if (!sc) return UNKNOWN;
  return env ? env.memo(sc, 'stockState', () => stockState(sc)) : stockState(sc);
}

function stockState(sc: Rec): ProductState {
  const list = Array.isArray(sc.variants) ? sc.variants : [];
  const vs: VariantState[] = [];
  for (const v of list) {
    if (!isRecord(v)) continue;
    vs.push({
      unlimited: v.unlimited === true,
      qtyInStock: typeof v.qtyInStock === 'number' ? v.qtyInStock : 0,
      onSale: v.onSale === true,
    });
  }
  return { productType: productType(sc), variants: vs, onSale: sc.onSale === true };
}

export function isSoldOut(item: unknown, env?: PluginEnv): boolean {
  return isProductSoldOut(state(item, env));
}

export function isOnSale(item: unknown, env?: PluginEnv): boolean {
  return isProductOnSale(state(item, env));
}

export function hasVariants(item: unknown, env?: PluginEnv): boolean {
  return hasProductVariants(state(item, env));
}

/** A priced thing: a variant, a digital product or a subscription pricing option. */
export interface Priced {
  price: MoneyValue | null;
  sale: MoneyValue | null;
  onSale: boolean;
}

function moneyOr(v: Rec, moneyKey: string, minorKey: string): MoneyValue | null {
  const m = readMoney(v[moneyKey]);
  if (m) return m;
  const minor = v[minorKey];
  if (typeof minor === 'number') return { decimal: String(minor / 100), currency: 'USD' };
  return null;
}

export function priced(v: Rec): Priced {
  return {
    price: moneyOr(v, 'priceMoney', 'price'),
    sale: moneyOr(v, 'salePriceMoney', 'salePrice'),
    onSale: v.onSale === true,
  };
}

/**
 * The price a buyer pays now: the sale price of a thing on sale, else its price. A missing
 * amount is no fallback to the other one: it reads as zero (`amount`), as in the reference.
 */
export function effective(p: Priced): MoneyValue | null {
  return p.onSale ? p.sale : p.price;
}

/** No amount: zero in the store's default currency (docs/behaviour/money-and-time.md#money). */
export const ZERO_AMOUNT: Readonly<MoneyValue> = Object.freeze({
  decimal: '0',
  currency: DEFAULT_CURRENCY,
});

/** A priced thing without the amount asked for counts as zero, as in the reference. */
export function amount(m: MoneyValue | null): MoneyValue {
  return m ?? ZERO_AMOUNT;
}

export function minor(m: MoneyValue | null): number {
  if (!m) return 0;
  return majorToMinor(m.decimal, fractionDigits(m.currency)) ?? 0;
}

/**
 * Priced by variant: physical goods, services, and gift cards, whose variants are their
 * denominations (as the reference prices them; stock and sale state stay on the product).
 */
export function pricedByVariant(type: number): boolean {
  return usesVariants(type) || type === ProductType.GiftCard;
}

/** The priced things of a product: its variants, or itself for digital goods. */
export function pricedItems(sc: Rec | null): Priced[] {
  const type = productType(sc);
  if (pricedByVariant(type)) return variants(sc).map(priced);
  if (type === ProductType.Digital && sc) return [priced(sc)];
  return [];
}

/**
 * The picked amount that `beats` every other one (a missing amount counts as zero); the first
 * of equals wins; zero when there is nothing priced.
 */
function extreme(
  items: readonly Priced[],
  pick: (p: Priced) => MoneyValue | null,
  beats: (a: number, b: number) => boolean,
): MoneyValue {
  let best: MoneyValue | null = null;
  for (const p of items) {
    const m = amount(pick(p));
    if (best === null || beats(minor(m), minor(best))) best = m;
  }
  return amount(best);
}

export function lowest(
  items: readonly Priced[],
  pick: (p: Priced) => MoneyValue | null,
): MoneyValue {
  return extreme(items, pick, (a, b) => a < b);
}

export function highest(
  items: readonly Priced[],
  pick: (p: Priced) => MoneyValue | null,
): MoneyValue {
  return extreme(items, pick, (a, b) => a > b);
}

/**
 * The amounts the price helpers print, from a product's priced things (`pricedItems`). The
 * lowest price paid: a digital product's price, sale or not, else what each variant costs now.
 */
export function fromPrice(sc: Rec | null): MoneyValue {
  const pick = pricedByVariant(productType(sc)) ? effective : (p: Priced) => p.price;
  return lowest(pricedItems(sc), pick);
}

/** The highest regular price. */
export function normalPrice(sc: Rec | null): MoneyValue {
  return highest(pricedItems(sc), (p) => p.price);
}

/**
 * The lowest sale price of the variants on sale; a digital product's sale price whether marked
 * on sale or not; a gift card never has one. All as in the reference.
 */
export function salePrice(sc: Rec | null): MoneyValue {
  const type = productType(sc);
  if (type === ProductType.GiftCard) return ZERO_AMOUNT;
  const digital = type === ProductType.Digital;
  return lowest(
    pricedItems(sc).filter((p) => p.onSale || digital),
    (p) => p.sale,
  );
}

/** Varied when the prices paid differ (docs/adr/002, row `varied-prices-by-price-paid`). */
export function hasVariedPrices(items: readonly Priced[]): boolean {
  const prices = new Set(items.map((p) => minor(effective(p))));
  return prices.size > 1;
}
