import { describe, expect, it } from 'vitest';
import { ERRORS } from '../errors.ts';
import { chooseVariant, optionNames, unselectedOptionsMessage } from './choose-variant.ts';

const shirt = {
  productType: 1,
  variantOptionOrdering: ['Size', 'Colour'],
  variants: [
    { id: 's-sand', sku: 'S-SAND', attributes: { Size: 'S', Colour: 'Sand' } },
    { id: 'm-sand', sku: 'M-SAND', attributes: { Size: 'M', Colour: 'Sand' } },
    { id: 'm-ink', sku: 'M-INK', attributes: { Size: 'M', Colour: 'Ink' } },
  ],
};
const giftCard = {
  productType: 4,
  variantOptionOrdering: ['Amount'],
  variants: [
    { id: 'gc-25', sku: 'GC-25', attributes: { Amount: '25' } },
    { id: 'gc-50', sku: 'GC-50', attributes: { Amount: '50' } },
  ],
};
const notebook = {
  productType: 1,
  variantOptionOrdering: [],
  variants: [{ id: 'nb', sku: 'NB', attributes: {} }],
};

describe('chooseVariant', () => {
  it('finds a variant by its sku', () => {
    expect(chooseVariant(shirt, { sku: 'M-INK' })).toMatchObject({
      ok: true,
      variant: { id: 'm-ink' },
    });
  });

  it("answers the spec's unavailable message for an unknown sku or no sku among several variants", () => {
    expect(chooseVariant(shirt, { sku: 'XL-RED' })).toEqual({
      ok: false,
      code: 'ITEM_VARIANT_UNAVAILABLE',
    });
    expect(chooseVariant(shirt, { sku: null })).toEqual({
      ok: false,
      code: 'ITEM_VARIANT_UNAVAILABLE',
    });
    expect(ERRORS.ITEM_VARIANT_UNAVAILABLE.message).toBe(
      'Sorry, that item variant is unavailable. Please select another variant.',
    );
  });

  it('takes the only variant when none is named', () => {
    expect(chooseVariant(notebook, { sku: null })).toMatchObject({
      ok: true,
      variant: { id: 'nb' },
    });
  });

  it('matches chosen option values exactly (form posts)', () => {
    expect(chooseVariant(shirt, { options: { Size: 'M', Colour: 'Ink' } })).toMatchObject({
      ok: true,
      variant: { id: 'm-ink' },
    });
    expect(chooseVariant(shirt, { options: { Size: 'S', Colour: 'Ink' } })).toEqual({
      ok: false,
      code: 'ITEM_VARIANT_UNAVAILABLE',
    });
    expect(chooseVariant(shirt, { options: { Size: 'm', Colour: 'ink' } })).toEqual({
      ok: false,
      code: 'ITEM_VARIANT_UNAVAILABLE',
    });
  });

  it('names the options left unselected', () => {
    expect(chooseVariant(shirt, { options: { Size: 'M', Colour: '' } })).toEqual({
      ok: false,
      code: 'VARIANT_OPTIONS_UNSELECTED',
      message: 'Please select the Colour option.',
    });
    expect(chooseVariant(shirt, { options: { Size: '' } })).toMatchObject({
      message: 'Please select the Size and Colour options.',
    });
  });

  it('asks for a gift card denomination', () => {
    expect(chooseVariant(giftCard, { sku: null })).toEqual({
      ok: false,
      code: 'GIFT_CARD_DENOMINATION_REQUIRED',
    });
    expect(chooseVariant(giftCard, { sku: 'GC-50' })).toMatchObject({
      ok: true,
      variant: { id: 'gc-50' },
    });
    expect(ERRORS.GIFT_CARD_DENOMINATION_REQUIRED.message).toBe(
      'Select a denomination for the Gift Card',
    );
  });
});

describe('unselectedOptionsMessage', () => {
  it('lists one, two or more options as the spec words them', () => {
    expect(unselectedOptionsMessage(['Size'])).toBe('Please select the Size option.');
    expect(unselectedOptionsMessage(['Size', 'Colour'])).toBe(
      'Please select the Size and Colour options.',
    );
    expect(unselectedOptionsMessage(['Size', 'Colour', 'Fit'])).toBe(
      'Please select the Size, Colour and Fit options.',
    );
  });
});

describe('optionNames', () => {
  it('puts the ordering first, then attributes the ordering forgot', () => {
    expect(optionNames({ ...shirt, variantOptionOrdering: ['Colour'] })).toEqual([
      'Colour',
      'Size',
    ]);
  });
});
