import { describe, expect, it } from 'vitest';
import {
  cartReducer,
  controlsEnabled,
  EMPTY_CART_ANNOUNCEMENT,
  initialModel,
  type CartModel,
} from './cart-model.ts';
import {
  readShoppingCart,
  type ShoppingCartAnswer,
} from '../../shared/cart/shopping-cart-answer.ts';
import { apiCart, PEN, SHIRT, pageProps } from './testing/cart-fixtures.ts';

const start = (): CartModel => initialModel(pageProps());

function cartOf(value: unknown): ShoppingCartAnswer {
  const cart = readShoppingCart(value);
  if (!cart) throw new Error('not a cart');
  return cart;
}

describe('the cart model', () => {
  it('starts from the page: lines, totals, nothing in flight, not recalculating', () => {
    const model = start();
    expect(model.lines.map((line) => line.id)).toEqual(['entry-shirt', 'entry-pen']);
    expect(model.subtotalCents).toBe(16100);
    expect(model.recalculating).toBe(false);
    expect(model.pending).toBeNull();
    expect(controlsEnabled(model)).toBe(true);
  });

  it('disables every control while a change is in flight and takes the server cart after it', () => {
    const pending = cartReducer(start(), {
      type: 'change-start',
      entryId: SHIRT.id,
      change: 'quantity',
    });
    expect(controlsEnabled(pending)).toBe(false);
    const done = cartReducer(pending, {
      type: 'quantity-changed',
      entryId: SHIRT.id,
      cart: cartOf({ shoppingCart: apiCart([{ ...SHIRT, quantity: 3 }, PEN]) }),
    });
    expect(controlsEnabled(done)).toBe(true);
    const shirt = done.lines[0];
    expect(shirt?.quantity).toBe(3);
    expect(shirt?.subTotalCents).toBe(20400);
    // What only the page knows stays: image, link, option order.
    expect(shirt?.image).toEqual(SHIRT.image);
    expect(shirt?.attributes).toEqual(SHIRT.attributes);
    expect(done.subtotalCents).toBe(22900);
    expect(done.totalQuantity).toBe(4);
    expect(done.announcement).toBe('Quantity of Linen Shirt updated to 3.');
  });

  it("keeps a refusal beside its entry in the server's words and clears it on the next try", () => {
    const refused = cartReducer(
      cartReducer(start(), { type: 'change-start', entryId: SHIRT.id, change: 'quantity' }),
      {
        type: 'change-refused',
        entryId: SHIRT.id,
        message: 'Sorry, we do not have enough of that item available.',
      },
    );
    expect(refused.errors).toEqual({
      'entry-shirt': 'Sorry, we do not have enough of that item available.',
    });
    expect(refused.announcement).toBe('Sorry, we do not have enough of that item available.');
    expect(controlsEnabled(refused)).toBe(true);
    expect(refused.lines[0]?.quantity).toBe(2);
    const again = cartReducer(refused, {
      type: 'change-start',
      entryId: SHIRT.id,
      change: 'quantity',
    });
    expect(again.errors).toEqual({});
  });

  it('says a removal, and that the cart is empty after the last one', () => {
    const one = cartReducer(start(), {
      type: 'removed',
      entryId: SHIRT.id,
      cart: cartOf(apiCart([PEN])),
    });
    expect(one.lines.map((line) => line.id)).toEqual(['entry-pen']);
    expect(one.announcement).toBe('Linen Shirt removed from your cart.');
    const none = cartReducer(one, { type: 'removed', entryId: PEN.id, cart: cartOf(apiCart([])) });
    expect(none.lines).toEqual([]);
    expect(none.announcement).toBe(
      `Engraved Pen removed from your cart. ${EMPTY_CART_ANNOUNCEMENT}`,
    );
    expect(EMPTY_CART_ANNOUNCEMENT).toBe('Your cart is empty.');
  });

  it('sets recalculating between recalculate-start and recalculate-end, answers retitled from the form', () => {
    const saving = cartReducer(start(), { type: 'recalculate-start', entryId: PEN.id });
    expect(saving.recalculating).toBe(true);
    expect(controlsEnabled(saving)).toBe(false);
    const saved = cartReducer(saving, {
      type: 'recalculate-end',
      entryId: PEN.id,
      result: {
        cart: cartOf(
          apiCart([SHIRT, { ...PEN, additionalFields: { wrap: 'No', engraving: 'Grace' } }]),
        ),
        updatedEntryId: PEN.id,
      },
    });
    expect(saved.recalculating).toBe(false);
    expect(saved.lines[1]?.answers).toEqual([
      { title: 'Engraving', value: 'Grace' },
      { title: 'Gift wrap', value: 'No' },
    ]);
    expect(saved.announcement).toBe('Your answers for Engraved Pen were saved.');
    const refused = cartReducer(saving, { type: 'recalculate-end', entryId: PEN.id, result: null });
    expect(refused.recalculating).toBe(false);
    expect(refused.lines).toEqual(start().lines);
  });

  it('says the same sentence twice so the live region reads it again', () => {
    const refuse = (model: CartModel) =>
      cartReducer(model, { type: 'change-refused', entryId: SHIRT.id, message: 'No.' });
    const first = refuse(start());
    const second = refuse(first);
    expect(second.announcement).not.toBe(first.announcement);
    expect(second.announcement.trim()).toBe('No.');
  });
});

describe('a cart changed elsewhere', () => {
  it("takes the server's cart, keeps what the page knows, and offers no quantity for a new download", () => {
    const ebook = { ...SHIRT, id: 'entry-ebook', itemId: 'ebook', title: 'Ebook', quantity: 1 };
    const cart = apiCart([SHIRT, ebook]);
    const synced = cartReducer(start(), {
      type: 'synced',
      cart: cartOf({
        ...cart,
        items: [...cart.items.slice(0, 1), { itemId: 'ebook', productType: 2 }],
      }),
    });
    expect(synced.lines.map((line) => line.id)).toEqual(['entry-shirt', 'entry-ebook']);
    expect(synced.lines[0]?.image).toEqual(SHIRT.image);
    expect(synced.lines[1]).toMatchObject({ quantityEditable: false, image: null, fullUrl: null });
    expect(synced.announcement).toBe('');
    const emptied = cartReducer(synced, { type: 'synced', cart: cartOf(apiCart([])) });
    expect(emptied.announcement).toBe(EMPTY_CART_ANNOUNCEMENT);
  });
});

describe('a cart changed elsewhere, with the page re-read', () => {
  it('takes image, link and form of entries it had not seen from the lines of a fresh render', () => {
    const mug = { ...SHIRT, id: 'entry-mug', itemId: 'mug', title: 'Mug', fullUrl: '/shop/p/mug' };
    const synced = cartReducer(start(), {
      type: 'synced',
      cart: cartOf(apiCart([SHIRT, { ...mug, quantity: 3 }])),
      details: [mug],
    });
    expect(synced.lines[1]).toMatchObject({ id: 'entry-mug', fullUrl: '/shop/p/mug', quantity: 3 });
    expect(synced.lines[1]?.image).toEqual(SHIRT.image);
  });
});
