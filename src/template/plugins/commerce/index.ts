// The commerce plugin family: prices, product status, cart helpers, form summaries,
// and the product-state predicates.
import { Decimal } from '@phensley/cldr';
import { isRecord, toNumber, walk } from '../../values.ts';
import { escapeHtml } from '../core/escape.ts';
import { cldrFor } from '../i18n/cldr.ts';
import type { PluginEnv, PluginFamily } from '../types.ts';
import { summaryFormField } from './forms.ts';
import { productPrice, subscriptionPrice } from './price.ts';
import {
  content,
  fromPrice,
  hasVariants,
  hasVariedPrices,
  isOnSale,
  isSoldOut,
  minor,
  normalPrice,
  pricedItems,
  productType,
  ProductType,
  salePrice,
  usesVariants,
} from './product.ts';
import { commerceWidgets } from './widgets.ts';

export const DEFAULT_SOLD_OUT = 'sold out';
export const DEFAULT_SALE = 'sale';
export const CART_SUBTOTAL_TEXT = 'deprecated, do not use';

function customSoldOutText(item: unknown, root: unknown): string {
  const id = isRecord(item) ? item.id : undefined;
  if (typeof id !== 'string') return '';
  const text = walk(root, ['productMerchandisingContext', id, 'customSoldOutText']);
  return typeof text === 'string' ? text : '';
}

/**
 * A string of the site's language: `localizedStrings` is looked up from the item outward (an
 * item may carry its own), as the reference does; '' when absent.
 */
function localizedText(env: PluginEnv, key: string): string {
  const strings = env.resolve('localizedStrings');
  const text = isRecord(strings) ? strings[key] : undefined;
  return typeof text === 'string' ? text : '';
}

/**
 * Text as `percentage-format` reads it in the reference: CLDR's decimal of the text as written,
 * every digit kept (' 19' and '0x10' are no number, 0; 'NaN' and 'Infinity' are read).
 */
function decimalText(v: string): Decimal | number {
  try {
    return new Decimal(v);
  } catch {
    return 0;
  }
}

export const commercePlugins: PluginFamily = {
  name: 'commerce',
  formatters: {
    ...commerceWidgets,
    'product-price': (v, _args, env) => productPrice(v, env),
    'subscription-price': (v, _args, env) => subscriptionPrice(v, env),
    // The price helpers give text, as in the reference: `{p|normal-price|count}` counts it.
    'from-price': (v) => String(minor(fromPrice(content(v)))),
    'normal-price': (v) => String(minor(normalPrice(content(v)))),
    'sale-price': (v) => String(minor(salePrice(content(v)))),
    'product-status': (v, _args, env) => {
      if (isSoldOut(v, env)) {
        const text =
          customSoldOutText(v, env.root) ||
          localizedText(env, 'productSoldOutText') ||
          DEFAULT_SOLD_OUT;
        return `<div class="product-mark sold-out">${escapeHtml(text)}</div>`;
      }
      if (isOnSale(v, env)) {
        const text = localizedText(env, 'productSaleText') || DEFAULT_SALE;
        return `<div class="product-mark sale">${escapeHtml(text)}</div>`;
      }
      // No mark: no value at all, as in the reference, so a formatter after it reads a
      // missing value (`|date` the epoch, `|json` nothing), not empty text.
      return undefined;
    },
    'variant-descriptor': (v) => {
      const values = isRecord(v) && Array.isArray(v.optionValues) ? v.optionValues : [];
      return values
        .map((o: unknown) => (isRecord(o) && typeof o.value === 'string' ? o.value : ''))
        .filter((s) => s !== '')
        .join(' / ');
    },
    'percentage-format': (v, args, env) => {
      // In the render locale's digits, as the reference; without a locale nothing.
      const cldr = cldrFor(env.locale);
      if (!cldr) return '';
      // A formatter's NaN (mod of text) prints as NaN, as in the reference.
      if (Number.isNaN(v)) return 'NaN';
      // The reference reads true as no number at all.
      const n = typeof v === 'string' ? decimalText(v) : typeof v === 'boolean' ? 0 : toNumber(v);
      return cldr.Numbers.formatDecimal(typeof n !== 'number' || Number.isFinite(n) ? n : 0, {
        minimumFractionDigits: args.includes('trim') ? 0 : 2,
        maximumFractionDigits: 3,
      });
    },
    'cart-quantity': (v) => {
      const entries = isRecord(v) && Array.isArray(v.entries) ? v.entries : [];
      let total = 0;
      for (const e of entries)
        if (isRecord(e) && typeof e.quantity === 'number') total += e.quantity;
      return `<span class="sqs-cart-quantity">${total}</span>`;
    },
    'cart-url': () => '/cart',
    'cart-subtotal': () => CART_SUBTOTAL_TEXT,
    'summary-form-field': (v) => summaryFormField(v),
  },
  predicates: {
    'sold-out?': (node, _args, env) => isSoldOut(node, env),
    'on-sale?': (node, _args, env) => isOnSale(node, env),
    'has-variants?': (node, _args, env) => hasVariants(node, env),
    'varied-prices?': (node) => {
      const sc = content(node);
      return usesVariants(productType(sc)) && hasVariedPrices(pricedItems(sc));
    },
    'product-type?': (node, args) =>
      productType(content(node)) === (ProductType as Record<string, number>)[args[0] ?? ''],
  },
};
