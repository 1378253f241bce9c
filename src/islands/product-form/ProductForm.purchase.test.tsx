// @vitest-environment happy-dom
/**
 * Buying from the product form: validation messages, the add button's states and timings (fake
 * timers), serialised adds, failures and their alert titles, express, subscription, gift card,
 * Enter and Space, the cart-added event, the cart store and the screen-reader announcement.
 */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartStore } from '../../clients/cart-store.ts';
import { CART_ADDED_EVENT, type CartAddedDetail } from './events.ts';
import type * as ExtraFieldsDialogModule from './extra-fields-dialog.ts';
import { navigation } from './navigation.ts';
import {
  fakeFetch,
  json,
  postedBody,
  renderForm,
  shirtProps,
} from './testing/product-fixtures.tsx';

vi.mock('../extra-fields/open-extra-fields-dialog.tsx', () => ({
  openExtraFieldsDialog: vi.fn(() => Promise.resolve({ initials: 'AB' })),
}));
const { openExtraFieldsDialog } = await import('../extra-fields/open-extra-fields-dialog.tsx');
vi.mock('./extra-fields-dialog.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof ExtraFieldsDialogModule>();
  return { ...actual, loadExtraFieldsDialog: vi.fn(actual.loadExtraFieldsDialog) };
});
const { loadExtraFieldsDialog } = await import('./extra-fields-dialog.ts');

let go: ReturnType<typeof vi.fn<(url: string) => void>>;
beforeEach(() => {
  vi.useFakeTimers();
  window.history.replaceState(null, '', '/shop/p/linen-shirt');
  document.cookie = 'crumb=cookie-crumb';
  go = vi.fn<(url: string) => void>();
  vi.spyOn(navigation, 'go').mockImplementation(go);
});
afterEach(() => {
  cleanup();
  cartStore.reset();
  document.body.innerHTML = '';
  document.cookie = 'crumb=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const addButton = () => document.querySelector<HTMLButtonElement>('button.product-add');
const expressButton = () => document.querySelector<HTMLButtonElement>('button.product-express');
const alertText = () => screen.getByRole('alert').textContent;
const flush = () => act(async () => {});
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const choose = (name: string, value: string) =>
  act(() => {
    fireEvent.change(screen.getByLabelText(name), { target: { value } });
  });
const cart = { totalQuantity: 2, subtotalCents: 13600 };

async function chosenShirt(props = {}, crumb = 'page-crumb') {
  renderForm(props, crumb);
  await flush();
  choose('Size', 'M');
  choose('Colour', 'Sand');
}

describe('checks before the call', () => {
  it('names the options still to choose', async () => {
    const { posts } = fakeFetch();
    renderForm();
    await flush();
    act(() => addButton()?.click());
    expect(alertText()).toBe('Unable to Add ItemPlease select the Size and Colour options.');
    choose('Size', 'M');
    act(() => addButton()?.click());
    expect(alertText()).toBe('Unable to Add ItemPlease select the Colour option.');
    expect(addButton()?.textContent).toBe('Add to Cart');
    expect(posts()).toEqual([]);
  });

  it('refuses a combination no variant has, a bad quantity and more than is in stock', async () => {
    fakeFetch();
    renderForm();
    await flush();
    choose('Size', 'L');
    choose('Colour', 'Indigo');
    act(() => addButton()?.click());
    expect(alertText()).toContain(
      'Sorry, that item variant is unavailable. Please select another variant.',
    );
    choose('Colour', 'Sand');
    choose('Size', 'S');
    const quantity = screen.getByLabelText<HTMLInputElement>('Quantity');
    quantity.value = '1.5';
    act(() => addButton()?.click());
    expect(alertText()).toContain('Quantity must be a whole number');
    quantity.value = '3';
    act(() => addButton()?.click());
    expect(alertText()).toContain('Sorry, we do not have enough of that item available.');
  });
});

describe('the add button', () => {
  it("goes Adding… (width locked) → 'Added!' after 1 s → idle after 2 s, ignoring clicks while added", async () => {
    const { posts } = fakeFetch({ answers: [json({ shoppingCart: cart, newlyAdded: {} })] });
    await chosenShirt();
    const button = addButton();
    if (!button) throw new Error('no add button');
    vi.spyOn(button, 'getBoundingClientRect').mockReturnValue({ width: 180 } as DOMRect);
    act(() => button.click());
    expect(button.textContent).toBe('Adding…');
    expect(button.style.width).toBe('180px');
    await flush();
    expect(posts()).toHaveLength(1);
    expect(postedBody(posts()[0])).toEqual({
      itemId: 'linen-shirt',
      sku: 'M-SAND',
      quantity: 1,
      additionalFields: null,
    });
    expect(new Headers(posts()[0]?.init?.headers).get('x-csrf-token')).toBe('cookie-crumb');
    await advance(999);
    expect(button.textContent).toBe('Adding…');
    await advance(1);
    expect(button.textContent).toBe('Added!');
    act(() => button.click());
    expect(posts()).toHaveLength(1);
    await advance(1999);
    expect(button.textContent).toBe('Added!');
    await advance(1);
    expect(button.textContent).toBe('Add to Cart');
    expect(button.style.width).toBe('');
  });

  it('updates the cart store, tells the page (vitrine:cart-added) and announces the add', async () => {
    fakeFetch({ answers: [json({ shoppingCart: cart, newlyAdded: {} })] });
    const seen: CartAddedDetail[] = [];
    const listener = (event: Event) => seen.push((event as CustomEvent<CartAddedDetail>).detail);
    document.addEventListener(CART_ADDED_EVENT, listener);
    await chosenShirt();
    screen.getByLabelText<HTMLInputElement>('Quantity').value = '2';
    act(() => addButton()?.click());
    await flush();
    expect(cartStore.getSnapshot()).toMatchObject({ totalQuantity: 2, subtotalCents: 13600 });
    expect(seen).toEqual([
      {
        itemId: 'linen-shirt',
        variantId: 'm-sand',
        sku: 'M-SAND',
        quantity: 2,
        isExpress: false,
        cart,
      },
    ]);
    expect(document.querySelector('[aria-live="polite"]')?.textContent).toBe('Added to cart.');
    document.removeEventListener(CART_ADDED_EVENT, listener);
  });

  it("shows the server's message under 'Unable to Add Item' and is idle again after 1 s", async () => {
    fakeFetch({
      answers: [
        json(
          {
            error: {
              code: 'INSUFFICIENT_STOCK',
              message: 'Sorry, we do not have enough of that item available.',
            },
          },
          409,
        ),
      ],
    });
    await chosenShirt();
    act(() => addButton()?.click());
    await flush();
    expect(alertText()).toBe(
      'Unable to Add ItemSorry, we do not have enough of that item available.',
    );
    expect(addButton()?.textContent).toBe('Adding…');
    await advance(1000);
    expect(addButton()?.textContent).toBe('Add to Cart');
  });

  it('asks to wait on 429, and reports a missing session by whether cookies are on', async () => {
    fakeFetch({ answers: [json({ error: { message: 'Too many' } }, 429)] });
    await chosenShirt();
    act(() => addButton()?.click());
    await flush();
    expect(alertText()).toBe('Unable to Add ItemPlease try again in a few seconds.');
    await advance(1000);
    cleanup();
    document.body.innerHTML = '';
    document.cookie = 'crumb=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    const { posts } = fakeFetch();
    await chosenShirt({}, '');
    act(() => addButton()?.click());
    await flush();
    expect(posts()).toEqual([]);
    expect(alertText()).toBe(
      'Unable to Add ItemYour session has expired. Please reload the page and try again.',
    );
    await advance(1000);
    vi.spyOn(navigator, 'cookieEnabled', 'get').mockReturnValue(false);
    act(() => addButton()?.click());
    await flush();
    expect(alertText()).toBe(
      'Unable to Add ItemPlease enable cookies in your browser, reload the page, and try again.',
    );
  });

  it('serialises adds made while one is on its way, so none is lost', async () => {
    let release: (response: Response) => void = () => undefined;
    const first = new Promise<Response>((resolve) => {
      release = resolve;
    });
    const { posts } = fakeFetch({
      answers: [() => first, json({ shoppingCart: { ...cart, totalQuantity: 2 } })],
    });
    await chosenShirt();
    act(() => addButton()?.click());
    act(() => addButton()?.click());
    await flush();
    expect(posts()).toHaveLength(1);
    release(Response.json({ shoppingCart: { ...cart, totalQuantity: 1 } }));
    await flush();
    expect(posts()).toHaveLength(2);
    expect(addButton()?.textContent).toBe('Adding…');
    await advance(1000);
    expect(addButton()?.textContent).toBe('Added!');
    expect(cartStore.getSnapshot()?.totalQuantity).toBe(2);
  });

  it('is activated by Enter and Space', async () => {
    const { posts } = fakeFetch({
      answers: [json({ shoppingCart: cart }), json({ shoppingCart: cart })],
    });
    await chosenShirt();
    const button = addButton();
    if (!button) throw new Error('no add button');
    act(() => {
      fireEvent.keyDown(button, { key: 'Enter', keyCode: 13 });
    });
    await flush();
    expect(posts()).toHaveLength(1);
    await advance(3000);
    act(() => {
      fireEvent.keyDown(button, { key: ' ', keyCode: 32 });
    });
    await flush();
    expect(posts()).toHaveLength(2);
    act(() => {
      fireEvent.keyDown(button, { key: 'a' });
    });
    await flush();
    expect(posts()).toHaveLength(2);
  });
});

describe('express, subscription and extra fields', () => {
  it('goes to the checkout after an express add, or says Unable to Purchase Item', async () => {
    const { posts } = fakeFetch({
      answers: [
        json({ error: { message: 'Sorry, that item could not be found.' } }, 404),
        json({ shoppingCart: cart, newlyAdded: {}, checkoutUrl: '/checkout?cartToken=abc' }),
      ],
    });
    await chosenShirt();
    act(() => expressButton()?.click());
    await flush();
    expect(alertText()).toBe('Unable to Purchase ItemSorry, that item could not be found.');
    await advance(1000);
    act(() => expressButton()?.click());
    await flush();
    expect(posts()[1]?.url).toBe('/api/commerce/shopping-cart/entries?isExpress=true');
    expect(go).toHaveBeenCalledWith('/checkout?cartToken=abc');
    // The express cart is the checkout's own: the shopper's cart count does not take it.
    expect(cartStore.getSnapshot()).toBeNull();
  });

  it('starts a subscription and goes to the subscription page with its cartToken', async () => {
    const { posts } = fakeFetch({
      answers: [
        json({ error: { message: 'This item is not sold as a subscription.' } }, 400),
        json({ cartToken: 'tok-1' }),
      ],
    });
    await chosenShirt({
      kind: 'subscription',
      isSubscribable: true,
      showQuantity: false,
      labels: { ...shirtProps.labels, add: 'Subscribe' },
    });
    expect(expressButton()).toBeNull();
    act(() => addButton()?.click());
    await flush();
    expect(alertText()).toContain('This item is not sold as a subscription.');
    await advance(1000);
    act(() => addButton()?.click());
    await flush();
    expect(posts()[1]?.url).toBe('/api/3/commerce/cart/subscription');
    expect(postedBody(posts()[1])).toEqual({
      itemId: 'linen-shirt',
      sku: 'M-SAND',
      qty: 1,
      additionalFields: null,
    });
    expect(go).toHaveBeenCalledWith('/commerce/subscription?cartToken=tok-1');
  });

  it('asks the extra fields in the lightbox and sends the answers with the entry', async () => {
    const { posts } = fakeFetch({ answers: [json({ shoppingCart: cart })] });
    const extraFields = {
      formId: 'monogram-form',
      fields: [{ id: 'initials', type: 'text' as const, title: 'Initials', required: true }],
    };
    renderForm({ extraFields });
    // Before hydration the answers are typed in the form itself (JavaScript off).
    await flush();
    expect(document.querySelector('#product-field-initials')).toBeNull();
    choose('Size', 'M');
    choose('Colour', 'Sand');
    act(() => addButton()?.click());
    await flush();
    expect(openExtraFieldsDialog).toHaveBeenCalledWith(
      expect.objectContaining({ formId: 'monogram-form', submitLabel: 'Add to Cart' }),
    );
    expect(postedBody(posts()[0])).toMatchObject({ additionalFields: '{"initials":"AB"}' });
    vi.mocked(openExtraFieldsDialog).mockResolvedValueOnce(null);
    await advance(3000);
    act(() => addButton()?.click());
    await flush();
    expect(posts()).toHaveLength(1);
    expect(addButton()?.textContent).toBe('Add to Cart');
  });
});

describe('the extra-fields lightbox code', () => {
  const extraFields = {
    formId: 'monogram-form',
    fields: [{ id: 'initials', type: 'text' as const, title: 'Initials', required: true }],
  };
  beforeEach(() => {
    vi.mocked(loadExtraFieldsDialog).mockClear();
  });

  it('is fetched when the shopper reaches for the form, not with the page', async () => {
    fakeFetch({ answers: [] });
    renderForm({ extraFields });
    await flush();
    expect(loadExtraFieldsDialog).not.toHaveBeenCalled();
    fireEvent.pointerEnter(document.querySelector('form.product-form') as HTMLFormElement);
    expect(loadExtraFieldsDialog).toHaveBeenCalledTimes(1);
  });

  it('is not fetched for a product without extra fields', async () => {
    fakeFetch({ answers: [] });
    renderForm();
    await flush();
    fireEvent.pointerEnter(document.querySelector('form.product-form') as HTMLFormElement);
    expect(loadExtraFieldsDialog).not.toHaveBeenCalled();
  });

  it('failing to arrive is said as a failed add, sends nothing, and is tried again on the next add', async () => {
    const { posts } = fakeFetch({ answers: [json({ shoppingCart: cart })] });
    renderForm({ extraFields });
    await flush();
    choose('Size', 'M');
    choose('Colour', 'Sand');
    vi.mocked(loadExtraFieldsDialog).mockRejectedValueOnce(new Error('offline'));
    act(() => addButton()?.click());
    await flush();
    expect(alertText()).toContain('Unable to Add Item');
    expect(posts()).toHaveLength(0);
    await advance(3000);
    act(() => addButton()?.click());
    await flush();
    expect(posts()).toHaveLength(1);
  });
});

describe('a gift card', () => {
  const giftCard = {
    kind: 'gift-card' as const,
    productType: 4,
    tracksStock: false,
    showQuantity: false,
    options: [{ name: 'Amount', values: ['$25', '$50'] }],
    variants: [
      {
        id: 'gc-25',
        sku: 'GIFT-25',
        attributes: { Amount: '$25' },
        price: 2500,
        salePrice: 0,
        onSale: false,
        unlimited: true,
        qtyInStock: 0,
      },
      {
        id: 'gc-50',
        sku: 'GIFT-50',
        attributes: { Amount: '$50' },
        price: 5000,
        salePrice: 0,
        onSale: false,
        unlimited: true,
        qtyInStock: 0,
      },
    ],
  };

  it("asks for a denomination ('Select Value'), then goes to the gift card page with it", async () => {
    fakeFetch();
    renderForm(giftCard);
    await flush();
    const amount = screen.getByLabelText<HTMLSelectElement>('Amount');
    expect(amount.options[0]?.textContent).toBe('Select Value');
    act(() => {
      fireEvent.submit(amount.form as HTMLFormElement);
    });
    expect(alertText()).toBe('Unable to purchase Gift CardSelect a denomination for the Gift Card');
    expect(go).not.toHaveBeenCalled();
    act(() => {
      fireEvent.change(amount, { target: { value: 'GIFT-50' } });
    });
    expect(document.querySelector('.product-price')?.textContent).toBe('$50.00');
    expect(window.location.search).toBe('?variant=gc-50');
    act(() => {
      fireEvent.submit(amount.form as HTMLFormElement);
    });
    expect(go).toHaveBeenCalledWith('/commerce/gift-card?itemId=linen-shirt&sku=GIFT-50');
  });
});
