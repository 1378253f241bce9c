// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AD_PIXEL_EVENT, connectAdPixel, type AdPixelDetail } from './ad-pixel.ts';
import { startCommerceEvents } from './commerce-entry.ts';
import { cartFields, commerceEvents } from './commerce.ts';
import { pageOnlyIdentity } from './identity.ts';
import { setAnalyticsState } from './state.ts';
import {
  installCookieJar,
  installFetch,
  jsonField,
  pageValues,
  type Post,
} from './testing/fakes.ts';

const product = { id: 'linen-shirt', title: 'Linen Shirt', productType: 1, priceCents: 6800 };
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

describe('storefront events (storefront.md §3, §7)', () => {
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

  it('the order confirmation sends checkout confirmed (v0) and purchase, only with purchase events on', () => {
    const order = {
      id: 'order-1',
      grandTotalCents: 9900,
      taxCents: 300,
      shippingCents: 800,
      items: [
        { title: 'A', quantity: 2 },
        { title: 'B', quantity: 1 },
      ],
    };
    commerceEvents(
      pageValues({ pageType: 202, order, purchaseEvents: false }),
      pageOnlyIdentity(),
    ).trackPage();
    expect(posts).toEqual([]);
    commerceEvents(pageValues({ pageType: 202, order }), pageOnlyIdentity()).trackPage();
    expect(
      posts.map((post) => post.fields.event ?? jsonField(post, 'eventContent').event_name),
    ).toEqual(['checkout confirmed', 'purchase']);
    expect(jsonField(posts[1], 'eventContent')).toMatchObject({
      item_id: 'order-1',
      item_price: 9900,
      item_quantity: 3,
      currency_code: 'USD',
    });
    expect(pixel.map((detail) => detail.name)).toEqual(['Purchase']);
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
