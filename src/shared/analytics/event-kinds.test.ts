import { describe, expect, it } from 'vitest';
import { kindOfEventName, normaliseEventName } from './event-kinds.ts';

describe('tracking event kinds', () => {
  it('normalises case, underscores, dashes and spaces', () => {
    expect(normaliseEventName('  Add_To-Cart ')).toBe('add to cart');
  });

  it.each([
    ['add to cart', 'add_to_cart'],
    ['AddToCart', 'add_to_cart'],
    ['view product page', 'product_view'],
    ['visit_product_page', 'product_view'],
    ['product view', 'product_view'],
    ['checkout confirmed', 'purchase'],
    ['purchase', 'purchase'],
    ['quick-view', 'quick_view'],
    ['view cart', 'other'],
    ['remove from cart', 'other'],
  ])('%s counts as %s', (name, kind) => {
    expect(kindOfEventName(name)).toBe(kind);
  });
});
