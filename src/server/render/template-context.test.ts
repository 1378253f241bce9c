import { describe, expect, it } from 'vitest';
import { PRODUCT_TYPES } from '../../shared/catalog/product-types.ts';
import type { CurrentSite } from '../http/current-site.ts';
import { shapeSiteContext } from './site-context.ts';
import { buildTemplateContext, cartContext } from './template-context.ts';

const site: CurrentSite = {
  id: 'demo',
  title: 'Demo',
  currency: 'USD',
  timeZone: 'America/New_York',
  language: 'en-US',
  settings: {
    featureFlags: { payLaterTeaser: true },
    productMerchandising: { shirt: { scarcityEnabled: true, customSoldOutText: 'Gone' } },
  },
};
const siteContext = shapeSiteContext(site, []);

const variant = (id: string, qtyInStock: number, price = 4500) => ({
  id,
  unlimited: false,
  qtyInStock,
  price,
  salePrice: 0,
  onSale: false,
});
const shirt = {
  id: 'shirt',
  recordType: 11,
  structuredContent: {
    productType: PRODUCT_TYPES.PHYSICAL,
    variants: [variant('s', 0), variant('m', 3, 5000)],
  },
};

const visitor = {
  baseUrl: 'https://shop.example',
  crumb: 'crumb-1',
  cart: cartContext(undefined, 'USD'),
  siteUser: { id: 'su-1', email: 'ann@example.com' },
  owner: { id: 'owner-1', role: 4 },
};

describe('cartContext', () => {
  it('is empty without a cart', () => {
    expect(cartContext(undefined, 'EUR')).toEqual({
      totalQuantity: 0,
      subtotalCents: 0,
      subtotalMoney: { value: '0.00', decimalValue: '0.00', currency: 'EUR', currencyCode: 'EUR' },
      entries: [],
    });
  });

  it('counts quantities and sums the subtotal of the lines', () => {
    const line = (id: string, quantity: number, unitPriceCents: number) => ({
      id,
      itemId: `item-${id}`,
      productType: PRODUCT_TYPES.PHYSICAL,
      title: id,
      quantity,
      sku: null,
      attributes: {},
      unitPriceCents,
    });
    const stored = {
      id: 'c',
      websiteId: 'demo',
      currency: 'USD',
      created: new Date(0),
      isPurchased: false,
      orderId: null,
    };
    expect(
      cartContext({ cart: stored, lines: [line('a', 2, 1000), line('b', 1, 550)] }, 'USD'),
    ).toEqual({
      totalQuantity: 3,
      subtotalCents: 2550,
      subtotalMoney: {
        value: '25.50',
        decimalValue: '25.50',
        currency: 'USD',
        currencyCode: 'USD',
      },
      entries: [
        { itemId: 'item-a', quantity: 2 },
        { itemId: 'item-b', quantity: 1 },
      ],
    });
  });
});

describe('buildTemplateContext', () => {
  const context = buildTemplateContext(siteContext, visitor, {
    pageType: 50,
    title: 'Shirt',
    context: { item: shirt },
  });

  it('carries the page context values of docs/behaviour/templates.md#page-context-values', () => {
    expect(context.pageContext).toEqual({
      websiteId: 'demo',
      templateId: 'vitrine-default',
      templateVersion: '7.1',
      authenticatedAccountId: 'owner-1',
      websiteRoles: [4],
      pageType: 50,
      collectionId: null,
      itemId: 'shirt',
      cookieSettings: { isCookieBannerEnabled: false, isRestrictiveCookiePolicyEnabled: false },
      storeSettings: {
        selectedCurrency: 'USD',
        customSoldOutText: '',
        soldOutDropdownDisabled: false,
        restockNotificationsEnabled: false,
        productReviewsEnabled: false,
        subscriptionKeepsOriginalUnit: false,
      },
    });
    expect(context).toMatchObject({
      pageType: 50,
      pageTitle: 'Shirt',
      crumb: 'crumb-1',
      website: { id: 'demo', baseUrl: 'https://shop.example' },
      siteUser: { email: 'ann@example.com' },
    });
  });

  it('adds the restock and pay-later contexts to each product the page shows', () => {
    const merchandising = context.productMerchandisingContext as Record<string, unknown>;
    expect(merchandising.shirt).toMatchObject({
      customSoldOutText: 'Gone',
      scarcityEnabled: true,
      scarcityTemplateViews: { m: 'Only 3 left in stock' },
    });
    const item = context.item as {
      payLater: unknown;
      merchandising: unknown;
      structuredContent: { variants: unknown[] };
    };
    expect(item.payLater).toEqual({
      afterPayAvailable: true,
      afterPayMin: 100,
      afterPayMax: 200_000,
      shopperLanguage: 'en_US',
      stripeAccountCountry: 'US',
      installments: 4,
      installmentMoney: {
        value: '11.25',
        decimalValue: '11.25',
        currency: 'USD',
        currencyCode: 'USD',
      },
    });
    expect(item.merchandising).toBe(merchandising.shirt);
    expect(item.structuredContent.variants).toMatchObject([
      { id: 's', soldOut: true, scarcity: undefined },
      { id: 'm', soldOut: false, scarcity: 'Only 3 left in stock' },
    ]);
  });

  it('decorates listed items and leaves records that are not products alone', () => {
    const page = { id: 'p', title: 'About' };
    const listed = buildTemplateContext(
      siteContext,
      { ...visitor, owner: null },
      {
        pageType: 1,
        title: undefined,
        context: { items: [shirt, page], collection: { id: 'col' } },
      },
    );
    const items = listed.items as Record<string, unknown>[];
    expect(items[0]).toHaveProperty('payLater');
    expect(items[1]).toBe(page);
    expect(listed.pageContext).toMatchObject({
      collectionId: 'col',
      itemId: null,
      websiteRoles: [],
    });
  });
});
