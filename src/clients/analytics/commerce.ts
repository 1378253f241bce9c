/**
 * Storefront tracking events (storefront.md §7) with the tracking event fields of
 * storefront.md §3, sent as v2 StorefrontEvent and announced to an ad pixel: view product page
 * on a product page ('visit product page' too when it is where the session landed), view cart,
 * the search page's Search (v0, and the pixel's Search),
 * on the order confirmation checkout confirmed (v0) and purchase when the site's purchase events
 * are on, and add to cart, remove from cart and product view from the islands' events
 * (commerce-entry.ts listens for them).
 */
import type { TrackingEventFields } from '../../shared/analytics/tracking-fields.ts';
import { announceToAdPixel } from './ad-pixel.ts';
import { recordEventV0 } from './events-v0.ts';
import { recordEventV2 } from './events-v2.ts';
import type { Identity } from './identity.ts';
import { readCookie, type PageProduct, type PageValues } from './page-values.ts';

export const USER_MARKER_COOKIE = 'vitrine-user';
export const PRODUCT_PAGE = 50;
export const ORDER_CONFIRMED_PAGE = 202;
export const SEARCH_PAGE = 102;

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

export function commerceEvents(values: PageValues, identity: Identity): CommerceEvents {
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
      if (values.pageType === ORDER_CONFIRMED_PAGE && order && values.purchaseEvents) {
        const fields = { object_type: 'order', item_id: order.id };
        void recordEventV0('checkout confirmed', values, { ...fields, action: 'confirm' });
        track('purchase', {
          ...fields,
          action: 'purchase',
          item_price: order.grandTotalCents,
          currency_code: currency,
          item_quantity: order.items.reduce((sum, item) => sum + item.quantity, 0),
        });
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
