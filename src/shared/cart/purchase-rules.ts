/**
 * What the cart accepts, before any stock is looked at (docs/behaviour/cart.md#purchase-rules):
 * - physical, digital, service and gift-card products are sold through the cart; PAYWALL and
 *   unknown types are listed but not purchasable;
 * - a subscribable product is bought through the subscription endpoint, never as a one-off entry;
 * - stock is counted for physical goods and services only (digital goods and gift cards are
 *   never sold out), and an unlimited variant always has enough;
 * - a digital product is a download: one per cart (the spec never shows it a quantity input);
 * - a service is one per cart when the site does not allow multiple quantities for services.
 */
import { PRODUCT_TYPES } from '../catalog/product-types.ts';
import type { ErrorCode } from '../errors.ts';

export interface PurchasableProduct {
  readonly productType: number;
  readonly isSubscribable: boolean;
}

const CART_TYPES: ReadonlySet<number> = new Set([
  PRODUCT_TYPES.PHYSICAL,
  PRODUCT_TYPES.DIGITAL,
  PRODUCT_TYPES.SERVICE,
  PRODUCT_TYPES.GIFT_CARD,
]);

/** Why a product cannot become a cart entry, or undefined when it can. */
export function cartRefusal(product: PurchasableProduct): ErrorCode | undefined {
  if (!CART_TYPES.has(product.productType)) return 'ITEM_NOT_PURCHASABLE';
  if (product.isSubscribable) return 'SUBSCRIPTION_ONLY';
  return undefined;
}

export function tracksStock(productType: number): boolean {
  return productType === PRODUCT_TYPES.PHYSICAL || productType === PRODUCT_TYPES.SERVICE;
}

export interface VariantStock {
  readonly unlimited: boolean;
  readonly qtyInStock: number;
}

/**
 * Whether a cart may hold `quantityInCart` units of a variant in total (the same variant summed
 * across the cart's entries).
 */
export function hasEnoughStock(
  productType: number,
  stock: VariantStock,
  quantityInCart: number,
): boolean {
  if (!tracksStock(productType) || stock.unlimited) return true;
  return quantityInCart <= stock.qtyInStock;
}

/** The most of one digital product a cart may hold. */
export const DIGITAL_MAX_QUANTITY = 1;

/** Refusal for a cart that would hold more of a product than its type allows, if any. */
export function quantityRefusal(
  productType: number,
  quantityInCart: number,
  multipleQuantityAllowedForServices = true,
): ErrorCode | undefined {
  if (productType === PRODUCT_TYPES.DIGITAL && quantityInCart > DIGITAL_MAX_QUANTITY)
    return 'DIGITAL_QUANTITY_LIMIT';
  if (
    productType === PRODUCT_TYPES.SERVICE &&
    !multipleQuantityAllowedForServices &&
    quantityInCart > 1
  )
    return 'SERVICE_QUANTITY_LIMIT';
  return undefined;
}
