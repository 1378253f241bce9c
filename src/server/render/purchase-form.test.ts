import { describe, expect, it } from 'vitest';
import {
  isPurchaseFormContext,
  productFormProps,
  purchaseFormContext,
  type PurchasableItem,
} from './purchase-form.ts';

const shirt: PurchasableItem = {
  id: 'shirt',
  productType: 1,
  isSubscribable: false,
  useCustomAddButtonText: false,
  customAddButtonText: undefined,
  variantOptionOrdering: [],
  variants: [
    { sku: 'S-RED', attributes: { Size: 'S', Colour: 'Red' } },
    { sku: 'M-RED', attributes: { Size: 'M', Colour: 'Red' } },
    { sku: 'S-BLUE', attributes: { Size: 'S', Colour: 'Blue' } },
  ],
};

/** The template data around the purchase context, as buildTemplateContext shapes it. */
function root(over: Record<string, unknown> = {}) {
  return {
    crumb: 'crumb-1',
    item: {
      id: 'shirt',
      items: [
        {
          id: 'img-red',
          assetUrl: '/images/red.jpg',
          systemDataVariants: '1200x1500,300w,750w',
          altText: 'Red shirt',
        },
        { id: 'img-unused', assetUrl: '/images/unused.jpg' },
      ],
      structuredContent: {
        additionalFieldsFormId: 'monogram',
        subscriptionPlan: null,
        variants: [
          {
            id: 'v1',
            sku: 'S-RED',
            attributes: { Size: 'S', Colour: 'Red' },
            price: 6800,
            salePrice: 5000,
            onSale: true,
            unlimited: false,
            qtyInStock: 1,
            mainImageId: 'img-red',
          },
          {
            id: 'v2',
            sku: 'M-RED',
            attributes: { Size: 'M', Colour: 'Red' },
            price: 6800,
            salePrice: 0,
            onSale: false,
            unlimited: false,
            qtyInStock: 0,
          },
        ],
      },
      merchandising: {
        restockNotificationsEnabled: true,
        scarcityEnabled: true,
        scarcityThreshold: 5,
        scarcityText: 'Only {qty} left',
        scarcityShownByDefault: false,
        customSoldOutText: 'Gone',
      },
    },
    website: { currency: 'EUR', language: 'de-DE', templateVersion: '7.1' },
    websiteSettings: {
      useCLDRMoneyFormat: true,
      multipleQuantityAllowedForServices: false,
      storeSettings: { soldOutDropdownDisabled: true, customSoldOutText: '' },
    },
    featureFlags: { productBranching: true },
    localizedStrings: { addToCart: 'Add to bag', purchase: 'Purchase', subscribe: 'Subscribe' },
    ...over,
  };
}

describe('purchaseFormContext', () => {
  it('lists the options in the product ordering, then attributes it leaves out', () => {
    expect(
      purchaseFormContext({ ...shirt, variantOptionOrdering: ['Colour'] }, undefined).optionNames,
    ).toEqual(['Colour', 'Size']);
    expect(
      purchaseFormContext({ ...shirt, variants: [{ sku: 'ONE', attributes: {} }] }, undefined)
        .optionNames,
    ).toEqual([]);
  });

  it.each([
    [1, false, { isCart: true, isGiftCard: false, isSubscription: false }],
    [2, false, { isCart: true }],
    [3, true, { isCart: true, isSubscription: true }],
    [2, true, { isCart: true, isSubscription: false }],
    [4, false, { isCart: false, isGiftCard: true }],
    [5, false, { isCart: false, isGiftCard: false }],
    [99, false, { isCart: false, isGiftCard: false }],
  ])(
    'product type %i (subscribable %s) gets the right form',
    (productType, isSubscribable, expected) => {
      expect(
        purchaseFormContext({ ...shirt, productType, isSubscribable }, undefined),
      ).toMatchObject(expected);
    },
  );

  it('uses the custom button text only when it is on and not blank', () => {
    const on = { ...shirt, useCustomAddButtonText: true };
    expect(
      purchaseFormContext({ ...on, customAddButtonText: ' Bag it ' }, undefined).customButtonText,
    ).toBe('Bag it');
    expect(
      purchaseFormContext({ ...on, customAddButtonText: '  ' }, undefined).customButtonText,
    ).toBeUndefined();
    expect(
      purchaseFormContext({ ...shirt, customAddButtonText: 'Bag it' }, undefined).customButtonText,
    ).toBeUndefined();
  });
});

describe('productFormProps', () => {
  const fields = [{ id: 'initials', type: 'text' as const, title: 'Initials' }];
  const purchase = purchaseFormContext(shirt, fields);

  it('carries the variants with their stock, prices and main image, and only images in use', () => {
    const props = productFormProps(purchase, root(), []);
    expect(props.variants[0]).toEqual({
      id: 'v1',
      sku: 'S-RED',
      attributes: { Size: 'S', Colour: 'Red' },
      price: 6800,
      salePrice: 5000,
      onSale: true,
      unlimited: false,
      qtyInStock: 1,
      imageId: 'img-red',
    });
    expect(props.variants[1]?.imageId).toBeUndefined();
    expect(props.images).toEqual({
      'img-red': {
        src: '/images/red.jpg?format=750w',
        srcset: '/images/red.jpg?format=300w 300w,/images/red.jpg?format=750w 750w',
        alt: 'Red shirt',
      },
    });
    expect(props.options).toEqual([
      { name: 'Size', values: ['S', 'M'] },
      { name: 'Colour', values: ['Red'] },
    ]);
  });

  it('reads the store settings, merchandising, branching, money and strings of the page', () => {
    const props = productFormProps(purchase, root({ cartError: 'Sorry.' }), []);
    expect(props).toMatchObject({
      itemId: 'shirt',
      kind: 'cart',
      layout: 'dropdown',
      cartError: 'Sorry.',
      labels: { add: 'Add to bag', purchase: 'Purchase' },
      money: { currency: 'EUR', locale: 'de-DE', cldr: true },
      soldOut: {
        soldOutDropdownDisabled: true,
        restockNotificationsEnabled: true,
        customSoldOutText: 'Gone',
      },
      scarcity: { scarcityEnabled: true, scarcityThreshold: 5, scarcityText: 'Only {qty} left' },
      branching: true,
      tracksStock: true,
      extraFields: { formId: 'monogram', fields },
      giftCardPath: '/commerce/gift-card',
    });
    // Nothing of the visitor: the island's HTML is shared by every visitor.
    expect(props).not.toHaveProperty('crumb');
    expect(productFormProps(purchase, root(), ['radio']).layout).toBe('radio');
    const flagOff = root({ featureFlags: { productBranching: false } });
    expect(productFormProps(purchase, flagOff, []).branching).toBe(false);
    const version7 = root({
      website: { currency: 'EUR', language: 'de-DE', templateVersion: '7' },
    });
    expect(productFormProps(purchase, version7, []).branching).toBe(false);
  });

  it("passes the store's subscription wording option to the form", () => {
    expect(productFormProps(purchase, root(), []).keepOriginalUnit).toBe(false);
    const keep = root({
      websiteSettings: {
        useCLDRMoneyFormat: true,
        storeSettings: { subscriptionKeepsOriginalUnit: true },
      },
    });
    expect(productFormProps(purchase, keep, []).keepOriginalUnit).toBe(true);
  });

  it('hides the quantity when the total stock is 1 or less', () => {
    expect(productFormProps(purchase, root(), []).showQuantity).toBe(false);
  });

  it('labels a subscription Subscribe, the custom text first', () => {
    const tea = purchaseFormContext({ ...shirt, isSubscribable: true }, undefined);
    expect(productFormProps(tea, root(), [])).toMatchObject({
      kind: 'subscription',
      labels: { add: 'Subscribe' },
    });
    expect(productFormProps(tea, root(), []).extraFields).toBeUndefined();
    const custom = purchaseFormContext(
      { ...shirt, useCustomAddButtonText: true, customAddButtonText: 'Bag it' },
      undefined,
    );
    expect(productFormProps(custom, root(), []).labels.add).toBe('Bag it');
    const card = purchaseFormContext({ ...shirt, productType: 4 }, undefined);
    expect(productFormProps(card, root(), [])).toMatchObject({
      kind: 'gift-card',
      tracksStock: false,
    });
    expect(
      productFormProps(purchaseFormContext({ ...shirt, productType: 5 }, undefined), root(), [])
        .kind,
    ).toBe('none');
  });

  it('recognises its own context only', () => {
    expect(isPurchaseFormContext(purchase)).toBe(true);
    expect(isPurchaseFormContext({ itemId: 'x' })).toBe(false);
    expect(isPurchaseFormContext(null)).toBe(false);
  });
});
