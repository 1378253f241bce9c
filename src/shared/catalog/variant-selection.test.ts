import { describe, expect, it } from 'vitest';
import {
  isChosen,
  matchVariant,
  optionPlaceholder,
  productOptions,
  selectionOf,
  unselectedOptions,
  withChoice,
} from './variant-selection.ts';

const jacket = {
  productType: 1,
  variantOptionOrdering: ['Size', 'Colour', 'Fit'],
  variants: [
    { sku: 'M-NAVY-REG', attributes: { Fit: 'Regular', Size: 'M', Colour: 'Navy' } },
    { sku: 'M-NAVY-REL', attributes: { Size: 'M', Colour: 'Navy', Fit: 'Relaxed' } },
    { sku: 'L-CLAY-REG', attributes: { Size: 'L', Colour: 'Clay', Fit: 'Regular' } },
  ],
};
const names = ['Size', 'Colour', 'Fit'];

describe('productOptions', () => {
  it('follows variantOptionOrdering, values once each in first-seen order', () => {
    expect(productOptions(jacket)).toEqual([
      { name: 'Size', values: ['M', 'L'] },
      { name: 'Colour', values: ['Navy', 'Clay'] },
      { name: 'Fit', values: ['Regular', 'Relaxed'] },
    ]);
    expect(
      productOptions({ ...jacket, variantOptionOrdering: ['Fit'] }).map((o) => o.name),
    ).toEqual(['Fit', 'Size', 'Colour']);
  });

  it('has nothing to choose for a single variant', () => {
    expect(productOptions({ ...jacket, variants: jacket.variants.slice(0, 1) })).toEqual([]);
  });
});

describe('matchVariant', () => {
  it('matches on every attribute exactly', () => {
    const full = { Size: 'M', Colour: 'Navy', Fit: 'Relaxed' };
    expect(matchVariant(jacket.variants, names, full)?.sku).toBe('M-NAVY-REL');
    expect(matchVariant(jacket.variants, names, { ...full, Fit: 'relaxed' })).toBeUndefined();
    expect(matchVariant(jacket.variants, names, { ...full, Colour: 'Clay' })).toBeUndefined();
  });

  it('finds nothing while an option is unchosen', () => {
    expect(matchVariant(jacket.variants, names, { Size: 'L', Colour: 'Clay' })).toBeUndefined();
    expect(
      matchVariant(jacket.variants, names, { Size: 'L', Colour: 'Clay', Fit: '' }),
    ).toBeUndefined();
  });
});

describe('selections', () => {
  it('lists unchosen options in order, and restores a selection from a variant', () => {
    expect(unselectedOptions(names, { Colour: 'Navy', Fit: '' })).toEqual(['Size', 'Fit']);
    const restored = selectionOf(
      { sku: 'L-CLAY-REG', attributes: { Size: 'L', Colour: 'Clay', Fit: 'Regular' } },
      names,
    );
    expect(restored).toEqual({ Size: 'L', Colour: 'Clay', Fit: 'Regular' });
    expect(isChosen(withChoice(restored, 'Size', ''), 'Size')).toBe(false);
  });
});

describe('optionPlaceholder', () => {
  it("reads 'Select {variantName}', or 'Select Value' for a gift card", () => {
    expect(optionPlaceholder('Size', false)).toBe('Select Size');
    expect(optionPlaceholder('Amount', true)).toBe('Select Value');
    expect(
      optionPlaceholder('Size', false, {
        selectOption: 'Choose {variantName}',
        selectGiftCardValue: 'x',
      }),
    ).toBe('Choose Size');
  });
});
