/**
 * A product as template data (docs/behaviour/templates.md#template-data, shaped as the golden cases
 * show): the item with its `structuredContent`, variants carrying both integer minor-unit
 * prices and Money values in major units.
 */
import { toMoney } from '../../shared/money/to-money.ts';
import type { schema } from '../db/index.ts';
import { imageAsset } from '../modules/images/index.ts';

type ProductRow = typeof schema.products.$inferSelect;
type VariantRow = typeof schema.variants.$inferSelect;

export interface ProductWithVariants extends ProductRow {
  readonly variants: readonly VariantRow[];
}

function effectivePrice(variant: VariantRow): number {
  return variant.onSale ? variant.salePrice : variant.price;
}

/** The item record type of a store item (docs/behaviour/templates.md#enumerations). */
const RECORD_TYPE_STORE_ITEM = 11;

function variantData(variant: VariantRow, product: ProductWithVariants, currency: string) {
  const ordering = product.variantOptionOrdering.length
    ? product.variantOptionOrdering
    : Object.keys(variant.attributes);
  const optionValues = ordering
    .filter((optionName) => variant.attributes[optionName] !== undefined)
    .map((optionName) => ({ optionName, value: variant.attributes[optionName] }));
  return {
    id: variant.id,
    sku: variant.sku,
    attributes: variant.attributes,
    optionValues,
    price: variant.price,
    salePrice: variant.salePrice,
    priceMoney: toMoney(variant.price, currency),
    salePriceMoney: toMoney(variant.salePrice, currency),
    onSale: variant.onSale,
    unlimited: variant.unlimited,
    qtyInStock: variant.qtyInStock,
    mainImageId: variant.mainImageId,
  };
}

export function productItemContext(product: ProductWithVariants, currency: string) {
  const variants = product.variants.map((variant) => variantData(variant, product, currency));
  // The product's price is what the cheapest variant costs now (its sale price when on sale).
  const cheapest = [...product.variants].sort((a, b) => effectivePrice(a) - effectivePrice(b))[0];
  return {
    id: product.id,
    title: product.title,
    fullUrl: product.fullUrl,
    recordType: RECORD_TYPE_STORE_ITEM,
    excerpt: product.excerpt,
    body: product.description,
    tags: product.tags,
    categories: product.categories,
    // The product's images as media items: `{items.0|image-srcset}` lists real renditions.
    items: product.images.map(imageAsset),
    structuredContent: {
      productType: product.productType,
      variants,
      priceMoney: toMoney(cheapest ? effectivePrice(cheapest) : 0, currency),
      salePriceMoney: toMoney(cheapest?.salePrice ?? 0, currency),
      onSale: product.variants.some((variant) => variant.onSale),
      isSubscribable: product.isSubscribable,
      subscriptionPlan: product.subscriptionPlan,
      additionalFieldsFormId: product.additionalFieldsFormId,
      useCustomAddButtonText: product.useCustomAddButtonText,
      customAddButtonText: product.customAddButtonText,
      variantOptionOrdering: product.variantOptionOrdering,
    },
  };
}
