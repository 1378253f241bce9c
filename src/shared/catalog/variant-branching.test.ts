import { describe, expect, it } from 'vitest';
import { branchingEnabled, isCompatible, narrowSelection } from './variant-branching.ts';

const mug = [
  { sku: '8-SEA', attributes: { Size: '8 oz', Glaze: 'Sea' } },
  { sku: '8-SAND', attributes: { Size: '8 oz', Glaze: 'Sand' } },
  { sku: '12-SAND', attributes: { Size: '12 oz', Glaze: 'Sand' } },
];
const twoOptions = ['Size', 'Glaze'];
const jacket = [
  { sku: 'a', attributes: { Size: 'M', Colour: 'Navy', Fit: 'Regular' } },
  { sku: 'b', attributes: { Size: 'M', Colour: 'Clay', Fit: 'Relaxed' } },
  { sku: 'c', attributes: { Size: 'L', Colour: 'Navy', Fit: 'Relaxed' } },
];
const threeOptions = ['Size', 'Colour', 'Fit'];

describe('branchingEnabled', () => {
  it('needs the flag and template version 7.1', () => {
    expect(branchingEnabled(true, '7.1')).toBe(true);
    expect(branchingEnabled(false, '7.1')).toBe(false);
    expect(branchingEnabled(true, '7')).toBe(false);
    expect(branchingEnabled(true, '8')).toBe(false);
  });
});

describe('isCompatible', () => {
  it('narrows the other dropdown of two to the values that combine with the choice', () => {
    const chosen = { Size: '12 oz', Glaze: '' };
    expect(isCompatible(mug, twoOptions, chosen, 'Glaze', 'Sea')).toBe(false);
    expect(isCompatible(mug, twoOptions, chosen, 'Glaze', 'Sand')).toBe(true);
    // The chosen option's own values are judged against the others, not against itself.
    expect(isCompatible(mug, twoOptions, chosen, 'Size', '8 oz')).toBe(true);
  });

  it('judges each value against every other chosen option, for any number of options', () => {
    const chosen = { Size: 'M', Colour: '', Fit: 'Relaxed' };
    expect(isCompatible(jacket, threeOptions, chosen, 'Colour', 'Clay')).toBe(true);
    expect(isCompatible(jacket, threeOptions, chosen, 'Colour', 'Navy')).toBe(false);
    expect(isCompatible(jacket, threeOptions, chosen, 'Size', 'L')).toBe(true);
    expect(isCompatible(jacket, threeOptions, { Colour: 'Clay' }, 'Size', 'L')).toBe(false);
    expect(isCompatible(jacket, threeOptions, {}, 'Size', 'L')).toBe(true);
  });
});

describe('narrowSelection', () => {
  it('clears other choices that no longer combine with the new one', () => {
    const next = narrowSelection(mug, twoOptions, { Size: '8 oz', Glaze: 'Sea' }, 'Size', true);
    expect(next).toEqual({ Size: '8 oz', Glaze: 'Sea' });
    expect(narrowSelection(mug, twoOptions, { Size: '12 oz', Glaze: 'Sea' }, 'Size', true)).toEqual(
      {
        Size: '12 oz',
        Glaze: '',
      },
    );
  });

  it('keeps the selection as made when branching is off', () => {
    const chosen = { Size: '12 oz', Glaze: 'Sea' };
    expect(narrowSelection(mug, twoOptions, chosen, 'Size', false)).toBe(chosen);
  });
});
