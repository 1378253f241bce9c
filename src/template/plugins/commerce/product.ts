// Template items read into the shared derived product states (sold out, on sale, has
// variants: src/shared/catalog/product-state.ts), and the price picks the commerce
// formatters print.
import {
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

/** The price a buyer pays now. */
export function effective(p: Priced): MoneyValue | null {
  return p.onSale && p.sale ? p.sale : p.price;
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

/** The picked amount that `beats` every other one; the first of equals wins. */
function extreme(
  items: readonly Priced[],
  pick: (p: Priced) => MoneyValue | null,
  beats: (a: number, b: number) => boolean,
): MoneyValue | null {
  let best: MoneyValue | null = null;
  for (const p of items) {
    const m = pick(p);
    if (m && (best === null || beats(minor(m), minor(best)))) best = m;
  }
  return best;
}

export function lowest(
  items: readonly Priced[],
  pick: (p: Priced) => MoneyValue | null,
): MoneyValue | null {
  return extreme(items, pick, (a, b) => a < b);
}

export function highest(
  items: readonly Priced[],
  pick: (p: Priced) => MoneyValue | null,
): MoneyValue | null {
  return extreme(items, pick, (a, b) => a > b);
}

export function hasVariedPrices(items: readonly Priced[]): boolean {
  const prices = new Set(items.map((p) => minor(effective(p))));
  return prices.size > 1;
}
