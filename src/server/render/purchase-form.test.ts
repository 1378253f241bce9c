import { describe, expect, it } from 'vitest';
import { purchaseFormContext, type PurchasableItem } from './purchase-form.ts';

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

describe('purchaseFormContext', () => {
  it('lists each option once, values in first-seen order, in the product ordering when given', () => {
    const options = purchaseFormContext(
      { ...shirt, variantOptionOrdering: ['Colour', 'Size'] },
      undefined,
    ).options;
    expect(options.map((option) => [option.name, option.values.map((v) => v.value)])).toEqual([
      ['Colour', ['Red', 'Blue']],
      ['Size', ['S', 'M']],
    ]);
    expect(options[0]?.fieldName).toBe('options[Colour]');
  });

  it('posts the only variant by sku, with no dropdowns', () => {
    const context = purchaseFormContext(
      { ...shirt, variants: [{ sku: 'ONE', attributes: {} }] },
      undefined,
    );
    expect(context).toMatchObject({ sku: 'ONE', hasOptions: false, options: [] });
  });

  it.each([
    [
      1,
      false,
      {
        isCart: true,
        isGiftCard: false,
        isSubscription: false,
        isUnavailable: false,
        quantityAlways: true,
      },
    ],
    [2, false, { isCart: true, quantityAlways: false, isService: false }],
    [3, false, { isCart: true, quantityAlways: false, isService: true }],
    [4, false, { isCart: false, isGiftCard: true }],
    [5, false, { isCart: false, isUnavailable: true }],
    [99, false, { isCart: false, isUnavailable: true }],
    [1, true, { isCart: true, isSubscription: true }],
    [2, true, { isCart: true, isSubscription: false }],
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

  it('asks simple extra fields in the page, and leaves composite ones to the island', () => {
    const simple = purchaseFormContext(shirt, [
      { id: 'initials', type: 'text', title: 'Initials', required: true, maxLength: 3 },
      { id: 'colour', type: 'radio', title: 'Colour', options: ['Navy', 'Red'] },
      { id: 'secret', type: 'hidden', key: 'ref' },
    ]);
    expect(simple.fieldsNeedScript).toBe(false);
    expect(simple.fields.map((field) => [field.name, field.isInput, field.isChoice])).toEqual([
      ['fields[initials]', true, false],
      ['fields[colour]', false, true],
    ]);
    expect(simple.fields[1]?.options.map((option) => option.inputId)).toEqual([
      'product-field-colour-0',
      'product-field-colour-1',
    ]);
    const composite = purchaseFormContext(shirt, [{ id: 'who', type: 'name', title: 'Name' }]);
    expect(composite).toMatchObject({ fields: [], fieldsNeedScript: true });
  });
});
