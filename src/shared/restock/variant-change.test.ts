import { describe, expect, it } from 'vitest';
import { readVariantChange, VARIANT_CHANGE_EVENT } from './variant-change.ts';

describe('readVariantChange', () => {
  it('names the event the product form dispatches', () => {
    expect(VARIANT_CHANGE_EVENT).toBe('vitrine:variant-change');
  });

  it('reads a chosen variant and an unfinished choice', () => {
    expect(readVariantChange({ itemId: 'p', variantId: 'v', soldOut: true })).toEqual({
      itemId: 'p',
      variantId: 'v',
      soldOut: true,
    });
    expect(readVariantChange({ itemId: 'p', variantId: null, soldOut: false })).toEqual({
      itemId: 'p',
      variantId: null,
      soldOut: false,
    });
  });

  it('ignores details of another shape', () => {
    expect(readVariantChange(null)).toBeUndefined();
    expect(readVariantChange({ variantId: 'v' })).toBeUndefined();
    expect(readVariantChange({ itemId: 'p', variantId: 3 })).toBeUndefined();
  });

  it('counts anything but true as in stock', () => {
    expect(readVariantChange({ itemId: 'p', variantId: 'v', soldOut: 'yes' })?.soldOut).toBe(false);
  });
});
