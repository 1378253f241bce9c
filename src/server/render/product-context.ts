/**
 * A product as template data (platform.md §3 "Template data", shaped as the golden cases
 * show): the item with its `structuredContent`, variants carrying both integer minor-unit
 * prices and Money values in major units.
 */
import { isSoldOutVariant } from '../../shared/catalog/stock-state.ts';
import { moneyAmount } from '../../shared/cart/shopping-cart.ts';
import type { schema } from '../db/index.ts';

type ProductRow = typeof schema.products.$inferSelect;
type VariantRow = typeof schema.variants.$inferSelect;

export interface ProductWithVariants extends ProductRow {
  readonly variants: readonly VariantRow[];
}

/** The item record type of a store item (platform.md §3 record types). */
const RECORD_TYPE_STORE_ITEM = 11;

function displayMoney(minorUnits: number, currency: string, locale: string): string {
  const { value } = moneyAmount(minorUnits, currency);
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(Number(value));
}

function variantData(variant: VariantRow, product: ProductWithVariants, currency: string, locale: string) {
  const ordering = product.variantOptionOrdering.length
    ? product.variantOptionOrdering
    : Object.keys(variant.attributes);
  const optionValues = ordering
    .filter((optionName) => variant.attributes[optionName] !== undefined)
    .map((optionName) => ({ optionName, value: variant.attributes[optionName] }));
  const unitPrice = variant.onSale ? variant.salePrice : variant.price;
  return {
    id: variant.id,
    sku: variant.sku,
    attributes: variant.attributes,
    optionValues,
    price: variant.price,
    salePrice: variant.salePrice,
    priceMoney: moneyAmount(variant.price, currency),
    salePriceMoney: moneyAmount(variant.salePrice, currency),
    onSale: variant.onSale,
    unlimited: variant.unlimited,
    qtyInStock: variant.qtyInStock,
    mainImageId: variant.mainImageId,
    displayName: optionValues.map((option) => option.value).join(' / ') || product.title,
    displayPrice: displayMoney(unitPrice, currency, locale),
    availability: isSoldOutVariant(variant) ? 'Sold Out' : 'In stock',
  };
}

export function productItemContext(product: ProductWithVariants, currency: string, locale: string) {
  const variants = product.variants.map((variant) => variantData(variant, product, currency, locale));
  const prices = product.variants.map((variant) => (variant.onSale ? variant.salePrice : variant.price));
  const lowest = prices.length ? Math.min(...prices) : 0;
  const first = product.variants[0];
  return {
    id: product.id,
    title: product.title,
    fullUrl: product.fullUrl,
    recordType: RECORD_TYPE_STORE_ITEM,
    excerpt: product.excerpt,
    body: product.description,
    tags: product.tags,
    categories: product.categories,
    structuredContent: {
      productType: product.productType,
      variants,
      priceMoney: moneyAmount(first?.price ?? 0, currency),
      salePriceMoney: moneyAmount(first?.salePrice ?? 0, currency),
      onSale: product.variants.some((variant) => variant.onSale),
      isSubscribable: product.isSubscribable,
      subscriptionPlan: product.subscriptionPlan,
      additionalFieldsFormId: product.additionalFieldsFormId,
      useCustomAddButtonText: product.useCustomAddButtonText,
      customAddButtonText: product.customAddButtonText,
      variantOptionOrdering: product.variantOptionOrdering,
      displayPrice:
        new Set(prices).size > 1
          ? `from ${displayMoney(lowest, currency, locale)}`
          : displayMoney(lowest, currency, locale),
    },
  };
}
