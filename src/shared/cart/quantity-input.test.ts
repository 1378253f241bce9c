import { describe, expect, it } from 'vitest';
import { QUANTITY_INPUT, showsQuantityInput, totalStock } from './quantity-input.ts';

const stock = (...quantities: number[]) =>
  quantities.map((qtyInStock) => ({ unlimited: false, qtyInStock }));

describe('quantity input', () => {
  it('takes min 1, max 9999, step 1, default 1', () => {
    expect(QUANTITY_INPUT).toEqual({ min: 1, max: 9999, step: 1, defaultValue: 1 });
  });

  it('shows for physical goods, and services only when more than one is allowed', () => {
    const product = (productType: number) => ({
      productType,
      isSubscribable: false,
      variants: stock(5),
    });
    expect(showsQuantityInput(product(1), false)).toBe(true);
    expect(showsQuantityInput(product(3), true)).toBe(true);
    expect(showsQuantityInput(product(3), false)).toBe(false);
    for (const type of [2, 4, 5, 42]) expect(showsQuantityInput(product(type), true)).toBe(false);
  });

  it('never shows for a subscribable product', () => {
    expect(
      showsQuantityInput({ productType: 1, isSubscribable: true, variants: stock(9) }, true),
    ).toBe(false);
  });

  it('hides when the total stock is 1 or less', () => {
    const physical = (variants: ReturnType<typeof stock>) => ({
      productType: 1,
      isSubscribable: false,
      variants,
    });
    expect(showsQuantityInput(physical(stock(1, 0)), true)).toBe(false);
    expect(showsQuantityInput(physical(stock(0, -3)), true)).toBe(false);
    expect(showsQuantityInput(physical(stock(1, 1)), true)).toBe(true);
    expect(showsQuantityInput(physical([{ unlimited: true, qtyInStock: 0 }]), true)).toBe(true);
    expect(totalStock(stock(2, -5, 3))).toBe(5);
  });
});
