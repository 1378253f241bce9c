import { describe, expect, it } from 'vitest';
import { cartCountLabel } from './count-label.ts';

describe('cartCountLabel', () => {
  it('shows the count up to 100', () => {
    expect(cartCountLabel(0)).toEqual({ text: '0', accessibleText: '0 items in cart' });
    expect(cartCountLabel(1)).toEqual({ text: '1', accessibleText: '1 item in cart' });
    expect(cartCountLabel(100)).toEqual({ text: '100', accessibleText: '100 items in cart' });
  });

  it("caps at '100+' above 100 with the spec's accessible text", () => {
    expect(cartCountLabel(101)).toEqual({
      text: '100+',
      accessibleText: 'More than 100 items in cart',
    });
    expect(cartCountLabel(9999).text).toBe('100+');
  });

  it('treats negative and non-finite quantities as an empty cart', () => {
    expect(cartCountLabel(-3).text).toBe('0');
    expect(cartCountLabel(Number.NaN).text).toBe('0');
  });
});
