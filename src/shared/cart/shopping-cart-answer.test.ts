import { describe, expect, it } from 'vitest';
import { emptyCart } from './shopping-cart.ts';
import { readShoppingCart } from './shopping-cart-answer.ts';

const entry = {
  id: 'entry-1',
  itemId: 'item-shirt',
  quantity: 2,
  chosenVariant: { sku: 'SHIRT-S', attributes: { Size: 'S' } },
  title: 'Linen Shirt',
  subTotal: 13600,
  purchasePriceCents: 6800,
  additionalFields: null,
};
const cart = {
  ...emptyCart('site-1', 'USD'),
  entries: [entry],
  items: [{ itemId: 'item-shirt', productType: 1 }],
  subtotalCents: 13600,
  totalQuantity: 2,
};

describe('readShoppingCart', () => {
  it('reads the cart itself or an answer carrying it as shoppingCart', () => {
    expect(readShoppingCart(cart)?.entries[0]?.chosenVariant).toEqual(entry.chosenVariant);
    const carried = readShoppingCart({ shoppingCart: cart, newlyAdded: entry });
    expect(carried?.subtotalCents).toBe(13600);
    expect(carried?.items).toEqual([{ itemId: 'item-shirt', productType: 1 }]);
  });

  it('reads the empty cart of a visitor without one', () => {
    expect(readShoppingCart(emptyCart('site-1', 'USD'))).toMatchObject({
      entries: [],
      totalQuantity: 0,
    });
  });

  it('refuses what is not a cart', () => {
    expect(readShoppingCart(null)).toBeNull();
    expect(readShoppingCart('cart')).toBeNull();
    expect(readShoppingCart({ error: { code: 'NOT_FOUND', message: 'Not found.' } })).toBeNull();
    expect(readShoppingCart({ ...cart, entries: [{ ...entry, id: 3 }] })).toBeNull();
    expect(readShoppingCart({ ...cart, entries: [{ ...entry, chosenVariant: null }] })).toBeNull();
    expect(readShoppingCart({ ...cart, items: undefined })).toBeNull();
  });
});
