/**
 * Storefront tracking events (docs/behaviour/analytics.md#storefront-tracking-events) with the tracking event fields of
 * docs/behaviour/analytics.md#storefront-tracking-events, sent as v2 StorefrontEvent and announced to an ad pixel: view product page
 * on a product page ('visit product page' too when it is where the session landed), view cart,
 * the search page's Search (v0, and the pixel's Search),
 * on the order confirmation, subscription confirmed and order received pages checkout confirmed
 * (v0) and purchase when the site's purchase events are on — once per order in this browser
 * (tracked-orders.ts) — and add to cart, remove from cart and product view from the islands'
 * events (commerce-entry.ts listens for them).
 */
import type { TrackingEventFields } from '../../shared/analytics/tracking-fields.ts';
import { announceToAdPixel } from './ad-pixel.ts';
import { recordEventV0 } from './events-v0.ts';
import { recordEventV2 } from './events-v2.ts';
import { storage } from './browser-state.ts';
import type { Identity } from './identity.ts';
import { readCookie, type PageOrder, type PageProduct, type PageValues } from './page-values.ts';
import { claimOrder } from './tracked-orders.ts';

export const USER_MARKER_COOKIE = 'vitrine-user';
export const PRODUCT_PAGE = 50;
export const ORDER_CONFIRMED_PAGE = 202;
export const SEARCH_PAGE = 102;
/** Order confirmed, subscription confirmed, order received: the pages an order is bought on. */
export const PURCHASE_PAGES: readonly number[] = [ORDER_CONFIRMED_PAGE, 206, 207];
/** Lines a purchase event lists: keeps the event well under the v2 payload bound (16 KB). */
export const MAX_PURCHASE_ITEMS = 50;

/** detail of vitrine:cart-added (the product form after a successful add). */
export interface CartAddedDetail {
  readonly itemId: string;
  readonly variantId?: string | undefined;
  readonly sku?: string | null | undefined;
  readonly quantity: number;
  readonly isExpress?: boolean | undefined;
  readonly cart?: unknown;
}

type Fields = Omit<TrackingEventFields, 'event_name'>;

/** cart_id, num_items_in_cart and product_types_list from a shoppingCart answer. */
export function cartFields(cart: unknown): Fields {
  const { id, totalQuantity, items } = (cart ?? {}) as {
    id?: string;
    totalQuantity?: number;
    items?: { productType: number }[];
  };
  return {
    cart_id: id,
    num_items_in_cart: totalQuantity,
    product_types_list: items?.map((item) => item.productType),
  };
}

export function productFields(product: PageProduct, currency: string): Fields {
  return {
    item_id: product.id,
    item_type: product.productType,
    item_title: product.title.slice(0, 256),
    item_price: product.priceCents,
    currency_code: currency,
    pdp_layout: product.layout,
  };
}

/** The purchase event's fields (docs/behaviour/analytics.md#storefront-tracking-events): transaction id, value, shipping, tax, items. */
export function purchaseFields(order: PageOrder): Fields {
  return {
    action: 'purchase',
    object_type: 'order',
    transaction_id: order.id,
    cart_id: order.cartId ?? undefined,
    value: order.grandTotalCents,
    shipping: order.shippingCents,
    tax: order.taxCents,
    currency_code: order.currency,
    item_quantity: order.items.reduce((sum, item) => sum + item.quantity, 0),
    items: order.items.slice(0, MAX_PURCHASE_ITEMS).map((item) => ({
      item_id: item.itemId,
      item_variant_id: item.variantId ?? undefined,
      sku: item.sku,
      item_title: item.title.slice(0, 256),
      item_price: item.priceCents,
      item_quantity: item.quantity,
    })),
  };
}

/** The fields every storefront event carries. */
export function baseFields(values: PageValues): Fields {
  return {
    actor: 'user',
    site_user_id: readCookie('crumb')?.slice(0, 128),
    logged_in: readCookie(USER_MARKER_COOKIE) !== undefined,
    website_id: values.websiteId,
    page_id: values.itemId ?? values.collectionId ?? undefined,
    product_page: values.pageType === PRODUCT_PAGE && values.product !== null,
    num_items_in_cart: values.cartQuantity,
  };
}

export interface CommerceEvents {
  /** The page's own events: product page, cart page, order confirmation. */
  trackPage(): void;
  cartAdded(detail: CartAddedDetail): void;
  cartRemoved(detail: { itemId: string; quantity?: number }): void;
  productViewed(detail: { itemId: string }): void;
}

/**
 * `localStore` is the browser's local storage (undefined when refused); tests pass their own.
 */
export function commerceEvents(
  values: PageValues,
  identity: Identity,
  localStore: () => Storage | undefined = () => storage('localStorage'),
): CommerceEvents {
  const { product, currency } = values;
  const track = (eventName: string, fields: Fields) => {
    const content = { ...baseFields(values), ...fields, event_name: eventName };
    void recordEventV2('StorefrontEvent', content, values, identity);
    announceToAdPixel(eventName, content);
  };
  return {
    trackPage() {
      if (values.pageType === PRODUCT_PAGE && product) {
        const fields = {
          ...productFields(product, currency),
          action: 'view',
          object_type: 'product',
        };
        track('view product page', fields);
        if (identity.firstLanding) track('visit product page', fields);
      }
      if (values.pageType === 200 || values.pageType === 205)
        track('view cart', { action: 'view', object_type: 'cart' });
      if (values.pageType === SEARCH_PAGE) {
        void recordEventV0('search', values, { action: 'search', object_type: 'site' });
        announceToAdPixel('search', {
          search_string: new URLSearchParams(location.search).get('q'),
        });
      }
      const { order } = values;
      if (
        PURCHASE_PAGES.includes(values.pageType) &&
        order &&
        values.purchaseEvents &&
        claimOrder(order.id, localStore())
      ) {
        void recordEventV0('checkout confirmed', values, {
          action: 'confirm',
          object_type: 'order',
          orderId: order.id,
          cartId: order.cartId ?? undefined,
          testMode: order.testMode,
        });
        track('purchase', purchaseFields(order));
      }
    },
    cartAdded(detail) {
      track('add to cart', {
        ...(product?.id === detail.itemId
          ? productFields(product, currency)
          : { item_id: detail.itemId }),
        ...cartFields(detail.cart),
        action: detail.isExpress ? 'express add' : 'add',
        object_type: 'product',
        item_variant_object: { variantId: detail.variantId, sku: detail.sku ?? null },
        item_quantity: detail.quantity,
      });
    },
    cartRemoved(detail) {
      track('remove from cart', {
        action: 'remove',
        object_type: 'product',
        item_id: detail.itemId,
        item_quantity: detail.quantity,
      });
    },
    productViewed(detail) {
      track('product view', { action: 'view', object_type: 'product', item_id: detail.itemId });
    },
  };
}
