// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AD_PIXEL_EVENT, connectAdPixel, type AdPixelDetail } from './ad-pixel.ts';
import { startCommerceEvents } from './commerce-entry.ts';
import { v0EventData } from '../../shared/analytics/events-v0.ts';
import { storefrontEventContent } from '../../shared/analytics/events-v2.ts';
import { cartFields, commerceEvents, purchaseFields } from './commerce.ts';
import { pageOnlyIdentity } from './identity.ts';
import type { PageOrder } from './page-values.ts';
import { setAnalyticsState } from './state.ts';
import { claimOrder, MAX_TRACKED_ORDERS, TRACKED_ORDERS_KEY } from './tracked-orders.ts';
import {
  installCookieJar,
  installFetch,
  jsonField,
  pageValues,
  type Post,
} from './testing/fakes.ts';

const product = {
  id: 'linen-shirt',
  title: 'Linen Shirt',
  productType: 1,
  priceCents: 6800,
  layout: 'radio' as const,
};
const order: PageOrder = {
  id: 'order-1',
  cartId: 'cart-1',
  testMode: true,
  currency: 'EUR',
  grandTotalCents: 9900,
  taxCents: 300,
  shippingCents: 800,
  items: [
    { itemId: 'shirt', variantId: 'v-m', sku: 'SH-M', title: 'A', quantity: 2, priceCents: 3000 },
    { itemId: 'ebook', variantId: null, sku: null, title: 'B', quantity: 1, priceCents: 2800 },
  ],
};

/** A Storage kept in a Map. */
function fakeStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key: string) => items.get(key) ?? null,
    key: (index: number) => [...items.keys()][index] ?? null,
    removeItem: (key: string) => void items.delete(key),
    setItem: (key: string, value: string) => void items.set(key, String(value)),
  };
}
let posts: Post[];
let pixel: AdPixelDetail[];
const recordPixel = (event: Event) => pixel.push((event as CustomEvent<AdPixelDetail>).detail);

beforeEach(() => {
  installCookieJar();
  document.cookie = 'crumb=crumb-token';
  ({ posts } = installFetch());
  pixel = [];
  document.addEventListener(AD_PIXEL_EVENT, recordPixel);
});

afterEach(() => {
  document.removeEventListener(AD_PIXEL_EVENT, recordPixel);
  vi.unstubAllGlobals();
});

const contents = () => posts.map((post) => jsonField(post, 'eventContent'));

describe('storefront events (docs/behaviour/analytics.md#storefront-tracking-events)', () => {
  it('a product page sends view product page, and visit product page where the session landed', async () => {
    const values = pageValues({ pageType: 50, itemId: 'linen-shirt', product, cartQuantity: 2 });
    commerceEvents(values, { ...pageOnlyIdentity(), firstLanding: true }).trackPage();
    await Promise.resolve();
    expect(contents().map((content) => content.event_name)).toEqual([
      'view product page',
      'visit product page',
    ]);
    expect(contents()[0]).toMatchObject({
      actor: 'user',
      action: 'view',
      object_type: 'product',
      site_user_id: 'crumb-token',
      logged_in: false,
      website_id: 'vitrine-demo',
      page_id: 'linen-shirt',
      product_page: true,
      num_items_in_cart: 2,
      item_id: 'linen-shirt',
      item_type: 1,
      item_title: 'Linen Shirt',
      item_price: 6800,
      currency_code: 'USD',
      pdp_layout: 'radio',
    });
    expect(pixel.map((detail) => detail.name)).toEqual(['ViewContent']);
    posts.length = 0;
    commerceEvents(values, { ...pageOnlyIdentity(), firstLanding: false }).trackPage();
    expect(contents().map((content) => content.event_name)).toEqual(['view product page']);
  });

  it('logged_in follows the site-user marker cookie', () => {
    document.cookie = 'vitrine-user=1';
    commerceEvents(pageValues({ pageType: 200 }), pageOnlyIdentity()).trackPage();
    expect(contents()[0]).toMatchObject({ event_name: 'view cart', logged_in: true });
  });

  it('the order confirmation sends checkout confirmed (v0) and purchase with the spec’s fields', () => {
    const store = fakeStorage();
    commerceEvents(
      pageValues({ pageType: 202, order }),
      pageOnlyIdentity(),
      () => store,
    ).trackPage();
    expect(
      posts.map((post) => post.fields.event ?? jsonField(post, 'eventContent').event_name),
    ).toEqual(['checkout confirmed', 'purchase']);
    expect(posts[0]?.url).toBe('/api/events/RecordEvent');
    expect(jsonField(posts[0], 'data')).toMatchObject({
      action: 'confirm',
      object_type: 'order',
      orderId: 'order-1',
      cartId: 'cart-1',
      testMode: true,
      websiteId: 'vitrine-demo',
    });
    const purchase = jsonField(posts[1], 'eventContent');
    expect(purchase).toMatchObject({
      action: 'purchase',
      object_type: 'order',
      transaction_id: 'order-1',
      cart_id: 'cart-1',
      value: 9900,
      shipping: 800,
      tax: 300,
      currency_code: 'EUR',
      item_quantity: 3,
      website_id: 'vitrine-demo',
      items: [
        {
          item_id: 'shirt',
          item_variant_id: 'v-m',
          sku: 'SH-M',
          item_title: 'A',
          item_price: 3000,
          item_quantity: 2,
        },
        { item_id: 'ebook', sku: null, item_title: 'B', item_price: 2800, item_quantity: 1 },
      ],
    });
    expect(purchaseFields(order)).not.toHaveProperty('item_id');
    expect(pixel.map((detail) => detail.name)).toEqual(['Purchase']);
    // What the client sends passes the server's own schemas, the fields intact.
    const v2 = storefrontEventContent.parse(purchase);
    expect(v2).toMatchObject({ transaction_id: 'order-1', value: 9900, shipping: 800, tax: 300 });
    expect(v2.items).toHaveLength(2);
    expect(v0EventData.parse(jsonField(posts[0], 'data'))).toMatchObject({
      orderId: 'order-1',
      cartId: 'cart-1',
      testMode: true,
    });
  });

  it('sends the purchase once per order: not again on a reload, again for another order', () => {
    const store = fakeStorage();
    const load = (pageOrder = order) =>
      commerceEvents(
        pageValues({ pageType: 202, order: pageOrder }),
        pageOnlyIdentity(),
        () => store,
      ).trackPage();
    load();
    expect(posts).toHaveLength(2);
    load();
    load();
    expect(posts).toHaveLength(2);
    expect(JSON.parse(store.getItem(TRACKED_ORDERS_KEY) ?? '')).toEqual(['order-1']);
    load({ ...order, id: 'order-2' });
    expect(posts).toHaveLength(4);
  });

  it('covers subscription confirmed (206) and order received (207), and no other page', () => {
    for (const pageType of [206, 207]) {
      posts.length = 0;
      commerceEvents(
        pageValues({ pageType, order: { ...order, id: `order-${pageType}` } }),
        pageOnlyIdentity(),
        () => fakeStorage(),
      ).trackPage();
      expect(posts.map((post) => post.fields.event ?? 'purchase')).toEqual([
        'checkout confirmed',
        'purchase',
      ]);
    }
    posts.length = 0;
    commerceEvents(pageValues({ pageType: 2, order }), pageOnlyIdentity(), () =>
      fakeStorage(),
    ).trackPage();
    expect(posts).toEqual([]);
  });

  it('sends nothing, and remembers nothing, with the site’s purchase events off', () => {
    const store = fakeStorage();
    const values = pageValues({ pageType: 202, order, purchaseEvents: false });
    commerceEvents(values, pageOnlyIdentity(), () => store).trackPage();
    expect(posts).toEqual([]);
    expect(pixel).toEqual([]);
    expect(store.getItem(TRACKED_ORDERS_KEY)).toBeNull();
    // Turned on later, the order is still sent once.
    commerceEvents(
      { ...values, purchaseEvents: true },
      pageOnlyIdentity(),
      () => store,
    ).trackPage();
    expect(posts).toHaveLength(2);
  });

  it('keeps the newest tracked orders only', () => {
    const store = fakeStorage();
    for (let index = 0; index <= MAX_TRACKED_ORDERS; index += 1)
      expect(claimOrder(`order-${index}`, store)).toBe(true);
    const kept = JSON.parse(store.getItem(TRACKED_ORDERS_KEY) ?? '') as string[];
    expect(kept).toHaveLength(MAX_TRACKED_ORDERS);
    expect(kept[0]).toBe('order-1');
    expect(claimOrder(`order-${MAX_TRACKED_ORDERS}`, store)).toBe(false);
  });

  it('a refused, throwing or corrupt storage never throws, and the purchase is still sent', () => {
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    } as unknown as Storage;
    const corrupt = fakeStorage();
    corrupt.setItem(TRACKED_ORDERS_KEY, '{not json');
    for (const store of [undefined, throwing, corrupt]) {
      posts.length = 0;
      expect(() =>
        commerceEvents(
          pageValues({ pageType: 202, order }),
          pageOnlyIdentity(),
          () => store,
        ).trackPage(),
      ).not.toThrow();
      expect(posts).toHaveLength(2);
    }
    expect(JSON.parse(corrupt.getItem(TRACKED_ORDERS_KEY) ?? '')).toEqual(['order-1']);
  });

  it('the search page sends a v0 search event and the pixel’s Search', () => {
    commerceEvents(pageValues({ pageType: 102 }), pageOnlyIdentity()).trackPage();
    expect(posts[0]?.fields.event).toBe('search');
    expect(pixel.map((detail) => detail.name)).toEqual(['Search']);
  });

  it('listens for the product form’s vitrine:cart-added and the other islands’ events', () => {
    setAnalyticsState({
      values: pageValues({ pageType: 50, product }),
      identity: pageOnlyIdentity(),
    });
    startCommerceEvents();
    posts.length = 0;
    pixel.length = 0;
    document.dispatchEvent(
      new CustomEvent('vitrine:cart-added', {
        detail: {
          itemId: 'linen-shirt',
          variantId: 'v-m-sand',
          sku: 'LS-M-SAND',
          quantity: 2,
          isExpress: true,
          cart: {
            id: 'cart-1',
            totalQuantity: 3,
            items: [{ itemId: 'linen-shirt', productType: 1 }],
          },
        },
      }),
    );
    document.dispatchEvent(
      new CustomEvent('vitrine:cart-removed', { detail: { itemId: 'x', quantity: 1 } }),
    );
    document.dispatchEvent(new CustomEvent('vitrine:product-view', { detail: { itemId: 'y' } }));
    expect(contents().map((content) => content.event_name)).toEqual([
      'add to cart',
      'remove from cart',
      'product view',
    ]);
    expect(contents()[0]).toMatchObject({
      action: 'express add',
      item_id: 'linen-shirt',
      item_title: 'Linen Shirt',
      item_variant_object: { variantId: 'v-m-sand', sku: 'LS-M-SAND' },
      item_quantity: 2,
      cart_id: 'cart-1',
      num_items_in_cart: 3,
      product_types_list: [1],
    });
    expect(pixel.map((detail) => detail.name)).toEqual(['AddToCart']);
  });

  it('reads the cart fields of a shoppingCart answer, and nothing from a missing one', () => {
    expect(cartFields(undefined)).toEqual({
      cart_id: undefined,
      num_items_in_cart: undefined,
      product_types_list: undefined,
    });
  });

  it('an ad-pixel adapter receives the mapped names, and a broken one stays quiet', () => {
    const track = vi.fn();
    const disconnect = connectAdPixel({ track });
    const broken = connectAdPixel({
      track: () => {
        throw new Error('pixel down');
      },
    });
    commerceEvents(pageValues({ pageType: 102 }), pageOnlyIdentity()).trackPage();
    expect(track).toHaveBeenCalledWith('Search', { search_string: null });
    disconnect();
    broken();
  });
});
