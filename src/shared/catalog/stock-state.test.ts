import { describe, expect, it } from 'vitest';
import { isSoldOutVariant } from './stock-state.ts';

describe('isSoldOutVariant', () => {
  it('is sold out when not unlimited and quantity is 0 or less', () => {
    expect(isSoldOutVariant({ unlimited: false, qtyInStock: 0 })).toBe(true);
    expect(isSoldOutVariant({ unlimited: false, qtyInStock: -1 })).toBe(true);
  });
  it('is available with stock above 0 or when unlimited', () => {
    expect(isSoldOutVariant({ unlimited: false, qtyInStock: 1 })).toBe(false);
    expect(isSoldOutVariant({ unlimited: true, qtyInStock: 0 })).toBe(false);
  });
});
