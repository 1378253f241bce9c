import { describe, expect, it } from 'vitest';
import { PRODUCT_TYPES } from '../catalog/product-types.ts';
import { localizedStrings } from './localized-strings.ts';
import { restockContext } from './restock-context.ts';
import { readSiteContextSettings } from './settings.ts';

const strings = localizedStrings({});
const product = {
  id: 'tee',
  productType: PRODUCT_TYPES.PHYSICAL,
  variants: [
    { id: 'v-out', unlimited: false, qtyInStock: 0 },
    { id: 'v-low', unlimited: false, qtyInStock: 2 },
    { id: 'v-edge', unlimited: false, qtyInStock: 5 },
    { id: 'v-many', unlimited: false, qtyInStock: 40 },
    { id: 'v-inf', unlimited: true, qtyInStock: 0 },
  ],
};

describe('restockContext (docs/behaviour/restock.md#restock-and-scarcity-context)', () => {
  it('is all off with the defaults', () => {
    const context = restockContext(product, readSiteContextSettings({}), strings);
    expect(context).toMatchObject({
      restockNotificationsEnabled: false,
      restockNotificationViews: [],
      mailingListSignUpEnabled: false,
      mailingListOptInByDefault: false,
      scarcityEnabled: false,
      scarcityThreshold: 5,
      scarcityText: 'Only {qty} left in stock',
      scarcityTemplateViews: {},
      scarcityShownByDefault: false,
      customSoldOutText: '',
    });
    expect(context.restockNotificationMessages.emailBlank).toBe('Email cannot be blank');
  });

  it('takes sign-ups for sold-out variants when the store or the product turns them on', () => {
    const store = readSiteContextSettings({ storeSettings: { restockNotificationsEnabled: true } });
    expect(restockContext(product, store, strings).restockNotificationViews).toEqual(['v-out']);
    const productOff = readSiteContextSettings({
      storeSettings: { restockNotificationsEnabled: true },
      productMerchandising: { tee: { restockNotificationsEnabled: false } },
    });
    expect(restockContext(product, productOff, strings).restockNotificationsEnabled).toBe(false);
    const productOn = readSiteContextSettings({
      productMerchandising: {
        tee: {
          restockNotificationsEnabled: true,
          mailingListSignUpEnabled: true,
          mailingListOptInByDefault: true,
        },
      },
    });
    expect(restockContext(product, productOn, strings)).toMatchObject({
      restockNotificationsEnabled: true,
      restockNotificationViews: ['v-out'],
      mailingListSignUpEnabled: true,
      mailingListOptInByDefault: true,
    });
  });

  it('never takes sign-ups for digital products', () => {
    const settings = readSiteContextSettings({
      storeSettings: { restockNotificationsEnabled: true },
    });
    const digital = { ...product, productType: PRODUCT_TYPES.DIGITAL };
    expect(restockContext(digital, settings, strings).restockNotificationViews).toEqual([]);
  });

  it('words scarcity for each variant with 1 … threshold left', () => {
    const settings = readSiteContextSettings({
      productMerchandising: { tee: { scarcityEnabled: true, scarcityShownByDefault: true } },
    });
    expect(restockContext(product, settings, strings)).toMatchObject({
      scarcityEnabled: true,
      scarcityShownByDefault: true,
      scarcityTemplateViews: { 'v-low': 'Only 2 left in stock', 'v-edge': 'Only 5 left in stock' },
    });
    const custom = readSiteContextSettings({
      productMerchandising: {
        tee: { scarcityEnabled: true, scarcityThreshold: 2, scarcityText: '{qty} left!' },
      },
    });
    expect(restockContext(product, custom, strings).scarcityTemplateViews).toEqual({
      'v-low': '2 left!',
    });
  });

  it("takes the product's sold-out text, else the store's", () => {
    const store = readSiteContextSettings({ storeSettings: { customSoldOutText: 'All gone' } });
    expect(restockContext(product, store, strings).customSoldOutText).toBe('All gone');
    const own = readSiteContextSettings({
      storeSettings: { customSoldOutText: 'All gone' },
      productMerchandising: { tee: { customSoldOutText: 'Back in May' } },
    });
    expect(restockContext(product, own, strings).customSoldOutText).toBe('Back in May');
  });
});
