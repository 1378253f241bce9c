// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CART_ADDED_EVENT, CART_API_PATH, cartStore, toSummary } from './cart-store.ts';

afterEach(() => {
  cartStore.reset();
  document.cookie = 'vitrine-cart=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

const response = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('cartStore', () => {
  it('takes the totals from any cart-shaped value and notifies subscribers', () => {
    const listener = vi.fn();
    cartStore.subscribe(listener);
    cartStore.update({ totalQuantity: 3, subtotalCents: 4500, entries: [] });
    expect(cartStore.getSnapshot()).toEqual({ totalQuantity: 3, subtotalCents: 4500 });
    expect(listener).toHaveBeenCalledTimes(1);
    cartStore.update({ nonsense: true });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('does not fetch without a cart or user marker cookie', async () => {
    const fetchImpl = vi.fn<typeof fetch>();
    await cartStore.refresh(fetchImpl);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('treats an emptied marker cookie as no marker', async () => {
    document.cookie = 'vitrine-cart=; path=/';
    const fetchImpl = vi.fn<typeof fetch>();
    await cartStore.refresh(fetchImpl);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('fetches the cart when the marker cookie says one exists', async () => {
    document.cookie = 'vitrine-cart=1; path=/';
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockResolvedValue(response({ totalQuantity: 2, subtotalCents: 900 }));
    await cartStore.refresh(fetchImpl);
    expect(fetchImpl).toHaveBeenCalledWith(
      CART_API_PATH,
      expect.objectContaining({ credentials: 'same-origin' }),
    );
    expect(cartStore.getSnapshot()).toEqual({ totalQuantity: 2, subtotalCents: 900 });
  });

  it('never throws and keeps the last state when the fetch fails', async () => {
    document.cookie = 'vitrine-cart=1; path=/';
    cartStore.update({ totalQuantity: 1, subtotalCents: 100 });
    await expect(
      cartStore.refresh(vi.fn<typeof fetch>().mockRejectedValue(new TypeError('offline'))),
    ).resolves.toBeUndefined();
    await cartStore.refresh(vi.fn<typeof fetch>().mockResolvedValue(response({}, 500)));
    expect(cartStore.getSnapshot()).toEqual({ totalQuantity: 1, subtotalCents: 100 });
  });

  it('tells other tabs through a BroadcastChannel and follows their updates', async () => {
    const otherTab = new BroadcastChannel('vitrine-cart');
    const received = new Promise<unknown>((resolve) => {
      otherTab.onmessage = (event: MessageEvent<unknown>) => resolve(event.data);
    });
    cartStore.subscribe(() => undefined);
    cartStore.update({ totalQuantity: 4, subtotalCents: 1600 });
    expect(await received).toEqual({ totalQuantity: 4, subtotalCents: 1600 });

    const followed = new Promise<void>((resolve) => cartStore.subscribe(resolve));
    otherTab.postMessage({ totalQuantity: 7, subtotalCents: 2800 });
    await followed;
    expect(cartStore.getSnapshot()).toEqual({ totalQuantity: 7, subtotalCents: 2800 });
    otherTab.close();
  });

  it('reads the cart out of an entry answer ({ shoppingCart }) and keeps its product types', () => {
    cartStore.update({
      shoppingCart: {
        totalQuantity: 2,
        subtotalCents: 500,
        items: [{ itemId: 'a', productType: 1 }],
      },
      newlyAdded: {},
    });
    expect(cartStore.getSnapshot()).toEqual({
      totalQuantity: 2,
      subtotalCents: 500,
      productTypes: [1],
    });
  });

  it('does not notify or re-broadcast a summary it already holds', () => {
    const listener = vi.fn();
    cartStore.subscribe(listener);
    cartStore.update({ totalQuantity: 1, subtotalCents: 100 });
    cartStore.update({ totalQuantity: 1, subtotalCents: 100 });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("applies the product form's vitrine:cart-added event", () => {
    cartStore.subscribe(() => undefined);
    document.dispatchEvent(
      new CustomEvent(CART_ADDED_EVENT, {
        detail: { cart: { totalQuantity: 5, subtotalCents: 2500, items: [] } },
      }),
    );
    expect(cartStore.getSnapshot()).toEqual({
      totalQuantity: 5,
      subtotalCents: 2500,
      productTypes: [],
    });
  });

  it("ignores an express purchase's event: its cart is not the shopper's", () => {
    cartStore.update({ totalQuantity: 2, subtotalCents: 400 });
    document.dispatchEvent(
      new CustomEvent(CART_ADDED_EVENT, {
        detail: { isExpress: true, cart: { totalQuantity: 1, subtotalCents: 9900, items: [] } },
      }),
    );
    expect(cartStore.getSnapshot()).toMatchObject({ totalQuantity: 2, subtotalCents: 400 });
  });

  it('fetches once per page load however many widgets ask', async () => {
    document.cookie = 'vitrine-user=1; path=/';
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockImplementation(() => Promise.resolve(response({ totalQuantity: 1, subtotalCents: 1 })));
    await Promise.all([cartStore.load(fetchImpl), cartStore.load(fetchImpl)]);
    await cartStore.load(fetchImpl);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    document.cookie = 'vitrine-user=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('clear() empties the cart for every widget', () => {
    cartStore.update({ totalQuantity: 3, subtotalCents: 300 });
    cartStore.clear();
    expect(cartStore.getSnapshot()).toEqual({
      totalQuantity: 0,
      subtotalCents: 0,
      productTypes: [],
    });
  });

  it('reads only numeric totals', () => {
    expect(toSummary({ totalQuantity: '2', subtotalCents: 1 })).toBeNull();
    expect(toSummary(null)).toBeNull();
  });
});
