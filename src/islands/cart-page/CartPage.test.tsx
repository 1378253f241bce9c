// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartStore } from '../../clients/cart-store.ts';
import { SAVING_LABEL } from './AnswersEditor.tsx';
import CartPage, { preload } from './CartPage.tsx';
import { CART_REMOVED_EVENT } from './events.ts';
import { apiCart, PEN, SHIRT, pageProps } from './testing/cart-fixtures.ts';

type Call = { url: string; init: RequestInit | undefined };
let calls: Call[];
let answer: (call: Call) => Promise<Response>;

function bodyOf(call: Call | undefined): string {
  const body = call?.init?.body;
  return typeof body === 'string' ? body : '';
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status });
}

/** An answer the test releases when it wants, to look at the page while the call is in flight. */
function deferred() {
  let release: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((resolve) => (release = resolve));
  return { promise, release };
}

// The parts the browser fetches later (deferred-part.tsx) are here, as on the server.
beforeAll(() => preload());

beforeEach(() => {
  calls = [];
  answer = () => Promise.resolve(json(500, {}));
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const call = { url: input instanceof Request ? input.url : input.toString(), init };
    calls.push(call);
    return answer(call);
  });
  document.cookie = 'crumb=cookie-crumb';
});

afterEach(() => {
  cleanup();
  cartStore.reset();
  document.cookie = 'crumb=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  vi.restoreAllMocks();
});

const entry = (id: string) => {
  const element = document.querySelector<HTMLElement>(`[data-entry-id="${id}"]`);
  if (!element) throw new Error(`no entry ${id}`);
  return element;
};
const liveRegion = () => screen.getByRole('status');
const quantityInput = (id: string) =>
  within(entry(id)).getByLabelText<HTMLInputElement>('Quantity');
/** The cart's own controls (quantity inputs, update, remove, edit), never an empty list. */
const controls = () => {
  const found = [
    ...document.querySelectorAll<HTMLButtonElement | HTMLInputElement>('button, input'),
  ].filter((element) => element.type !== 'hidden' && !element.closest('.cart-entry-answers-form'));
  if (found.length < 5) throw new Error(`only ${found.length} cart controls`);
  return found;
};

function changeQuantity(id: string, value: string): void {
  fireEvent.change(quantityInput(id), { target: { value } });
  fireEvent.submit(quantityInput(id).form as HTMLFormElement);
}

describe('the cart page island on the server', () => {
  it('is the plain forms that work without JavaScript', () => {
    const html = renderToString(<CartPage {...pageProps()} />);
    expect(html).toContain(
      '<form class="cart-entry-quantity" id="cart-update-entry-shirt" action="/cart/update" method="post">',
    );
    expect(html).toContain(
      '<form class="cart-entry-remove" id="cart-remove-entry-shirt" action="/cart/remove" method="post">',
    );
    expect(html).toContain('<input type="hidden" name="entryId" value="entry-shirt"/>');
    expect(html).toMatch(
      /<input type="number" id="quantity-entry-shirt" min="1" max="9999" step="1"/,
    );
    expect(html).toContain('<p class="cart-entry-subtotal">$136.00</p>');
    expect(html).toContain(
      '<p class="cart-subtotal"><span>Subtotal</span> <strong>$161.00</strong></p>',
    );
    // The answers editor is a closed disclosure holding a plain form: it works without scripts.
    expect(html).toContain(
      '<details class="cart-entry-edit"><summary id="cart-edit-entry-pen">Edit answers<span class="visually-hidden"> for Engraved Pen</span></summary>',
    );
    expect(html).toContain('role="status" aria-live="polite"></p>');
    expect(html).toContain(
      '<a class="button button-primary cart-checkout" href="/checkout">Checkout</a>',
    );
    // A coupon goes to checkout through a plain GET form, which prices it there.
    const coupon = /<form class="cart-coupon"[^>]*>.*?<\/form>/.exec(html)?.[0] ?? '';
    expect(coupon).toContain('action="/checkout"');
    expect(coupon).toContain('method="get"');
    expect(coupon).toContain('<label for="cart-coupon-code">Coupon code</label>');
    expect(coupon).toMatch(/<input id="cart-coupon-code"[^>]* name="couponCode"/);
    expect(coupon).toContain('<button type="submit">Apply at checkout</button>');
  });

  it('renders the empty cart with the way back to the shop', () => {
    const html = renderToString(<CartPage {...pageProps([])} />);
    expect(html).toContain('<p class="cart-empty">Your cart is empty.</p>');
    expect(html).toContain('<a class="button cart-continue" href="/shop">Continue shopping</a>');
    expect(html).not.toContain('cart-checkout');
  });

  it('renders nothing for props that are not a cart (the server checks their shape)', () => {
    const notACart: Record<string, unknown> = { ...pageProps() };
    delete notACart.entries;
    expect(renderToString(<CartPage {...notACart} />)).toBe('');
  });
});

describe('changing a quantity', () => {
  it('updates through the JSON API without a reload, controls disabled while in flight', async () => {
    const pending = deferred();
    answer = () => pending.promise;
    render(<CartPage {...pageProps()} />);
    changeQuantity(SHIRT.id, '3');

    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/vitrine/cart/entries/entry-shirt/quantity');
    expect(calls[0]?.init?.method).toBe('PUT');
    expect(JSON.parse(bodyOf(calls[0]))).toEqual({ quantity: 3 });
    expect(new Headers(calls[0]?.init?.headers).get('x-csrf-token')).toBe('cookie-crumb');
    expect(controls().every((control) => control.disabled)).toBe(true);
    expect(screen.getByRole('link', { name: 'Checkout' }).getAttribute('aria-disabled')).toBe(
      'true',
    );

    const updated = apiCart([{ ...SHIRT, quantity: 3 }, PEN]);
    await act(async () => pending.release(json(200, { shoppingCart: updated, updatedEntry: {} })));

    await waitFor(() =>
      expect(liveRegion().textContent).toBe('Quantity of Linen Shirt updated to 3.'),
    );
    expect(entry(SHIRT.id).querySelector('.cart-entry-subtotal')?.textContent).toBe('$204.00');
    expect(document.querySelector('.cart-subtotal strong')?.textContent).toBe('$229.00');
    expect(quantityInput(SHIRT.id).value).toBe('3');
    expect(controls().every((control) => !control.disabled)).toBe(true);
    // The cart store (pill, counts, other tabs) learns the new cart; the page asks nothing more.
    expect(cartStore.getSnapshot()).toMatchObject({ totalQuantity: 4, subtotalCents: 22900 });
    expect(calls).toHaveLength(1);
  });

  it('checks the quantity with the product page rules before asking the server', async () => {
    render(<CartPage {...pageProps()} />);
    changeQuantity(SHIRT.id, '1.5');
    expect(calls).toHaveLength(0);
    await waitFor(() => expect(quantityInput(SHIRT.id).value).toBe('2'));
    expect(entry(SHIRT.id).querySelector('.cart-entry-error')?.textContent).toBe(
      'Quantity must be a whole number',
    );
    expect(quantityInput(SHIRT.id).getAttribute('aria-describedby')).toBe(
      'cart-entry-error-entry-shirt',
    );
    changeQuantity(SHIRT.id, '0');
    expect(entry(SHIRT.id).querySelector('.cart-entry-error')?.textContent).toBe(
      'Quantity must be between 1 and 9999.',
    );
    changeQuantity(SHIRT.id, 'two');
    expect(entry(SHIRT.id).querySelector('.cart-entry-error')?.textContent).toBe(
      'Quantity must be a number.',
    );
    expect(calls).toHaveLength(0);
  });

  it("shows the server's refusal next to the entry in plain words, the cart unchanged", async () => {
    answer = () =>
      Promise.resolve(
        json(409, {
          error: {
            code: 'INSUFFICIENT_STOCK',
            message: 'Sorry, we do not have enough of that item available.',
          },
        }),
      );
    render(<CartPage {...pageProps()} />);
    changeQuantity(SHIRT.id, '50');
    await waitFor(() =>
      expect(entry(SHIRT.id).querySelector('.cart-entry-error')?.textContent).toBe(
        'Sorry, we do not have enough of that item available.',
      ),
    );
    expect(liveRegion().textContent).toBe('Sorry, we do not have enough of that item available.');
    expect(entry(SHIRT.id).querySelector('.cart-entry-subtotal')?.textContent).toBe('$136.00');
    // The box goes back to the quantity the line still has, beside the message.
    await waitFor(() => expect(quantityInput(SHIRT.id).value).toBe('2'));
    expect(controls().every((control) => !control.disabled)).toBe(true);
  });

  it('says the session expired when the browser has no crumb, and sends nothing', async () => {
    document.cookie = 'crumb=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    render(<CartPage {...pageProps()} />);
    changeQuantity(SHIRT.id, '3');
    await waitFor(() =>
      expect(entry(SHIRT.id).querySelector('.cart-entry-error')?.textContent).toBe(
        'Your session has expired. Please reload the page and try again.',
      ),
    );
    expect(calls).toHaveLength(0);
  });
});

describe('a change made in another tab', () => {
  it('reads the cart again when the cart store hears of other totals', async () => {
    render(<CartPage {...pageProps()} />);
    // The store learns the page's own totals (the header count's page-load fetch): nothing to read.
    act(() => cartStore.update({ totalQuantity: 3, subtotalCents: 16100 }));
    expect(calls).toHaveLength(0);

    answer = () => Promise.resolve(json(200, apiCart([{ ...SHIRT, quantity: 5 }])));
    act(() => cartStore.update({ totalQuantity: 5, subtotalCents: 34000 }));
    await waitFor(() => expect(document.querySelector('[data-entry-id="entry-pen"]')).toBeNull());
    expect(calls.map((call) => call.url)).toEqual(['/api/commerce/shopping-cart']);
    await waitFor(() => expect(quantityInput(SHIRT.id).value).toBe('5'));
    expect(document.querySelector('.cart-subtotal strong')?.textContent).toBe('$340.00');
  });
});

describe('an entry added in another tab', () => {
  it('shows with its link and image, read from a fresh render of the cart page', async () => {
    const penWithImage = { ...PEN, image: { url: '/images/pen.jpg', altText: 'Engraved pen' } };
    const island = `<vitrine-island data-island="CartPage" data-hydrate="load" data-props="${JSON.stringify(
      pageProps([SHIRT, penWithImage]),
    ).replaceAll('"', '&quot;')}"></vitrine-island>`;
    answer = (call) =>
      Promise.resolve(
        call.url === '/cart'
          ? new Response(`<!doctype html><html><body>${island}</body></html>`, { status: 200 })
          : json(200, apiCart([SHIRT, PEN])),
      );
    render(<CartPage {...pageProps([SHIRT])} />);
    act(() => cartStore.update({ totalQuantity: 3, subtotalCents: 16100 }));
    await waitFor(() =>
      expect(document.querySelector('[data-entry-id="entry-pen"]')).not.toBeNull(),
    );
    expect(calls.map((call) => call.url)).toEqual(['/api/commerce/shopping-cart', '/cart']);
    expect(
      within(entry(PEN.id)).getByRole('link', { name: 'Engraved Pen' }).getAttribute('href'),
    ).toBe('/shop/p/engraved-pen');
    expect(within(entry(PEN.id)).getByRole('img').getAttribute('src')).toBe('/images/pen.jpg');
  });

  it('shows without them when the page cannot be read, and asks nothing more for entries it knows', async () => {
    answer = (call) =>
      Promise.resolve(call.url === '/cart' ? json(500, {}) : json(200, apiCart([SHIRT, PEN])));
    render(<CartPage {...pageProps([SHIRT])} />);
    act(() => cartStore.update({ totalQuantity: 3, subtotalCents: 16100 }));
    await waitFor(() =>
      expect(document.querySelector('[data-entry-id="entry-pen"]')).not.toBeNull(),
    );
    expect(within(entry(PEN.id)).queryByRole('link')).toBeNull();
    answer = () => Promise.resolve(json(200, apiCart([{ ...SHIRT, quantity: 4 }, PEN])));
    act(() => cartStore.update({ totalQuantity: 5, subtotalCents: 99999 }));
    await waitFor(() => expect(quantityInput(SHIRT.id).value).toBe('4'));
    expect(calls.filter((call) => call.url === '/cart')).toHaveLength(1);
  });
});

describe('removing an entry', () => {
  it('removes through the API, tells the analytics (itemId, quantity) and the live region', async () => {
    answer = () => Promise.resolve(json(200, { shoppingCart: apiCart([PEN]), removedEntry: {} }));
    const removed: unknown[] = [];
    const listener = (event: Event) => removed.push((event as CustomEvent).detail);
    document.addEventListener(CART_REMOVED_EVENT, listener);
    render(<CartPage {...pageProps()} />);
    fireEvent.click(within(entry(SHIRT.id)).getByRole('button', { name: 'Remove Linen Shirt' }));

    await waitFor(() =>
      expect(liveRegion().textContent).toBe('Linen Shirt removed from your cart.'),
    );
    document.removeEventListener(CART_REMOVED_EVENT, listener);
    expect(CART_REMOVED_EVENT).toBe('vitrine:cart-removed');
    expect(calls[0]?.url).toBe('/api/vitrine/cart/entries/entry-shirt');
    expect(calls[0]?.init?.method).toBe('DELETE');
    expect(removed).toEqual([{ itemId: 'linen-shirt', quantity: 2 }]);
    expect(document.querySelector(`[data-entry-id="${SHIRT.id}"]`)).toBeNull();
    expect(document.querySelector('.cart-subtotal strong')?.textContent).toBe('$25.00');
    expect(cartStore.getSnapshot()).toMatchObject({ totalQuantity: 1, subtotalCents: 2500 });
    // Focus moves on to the entry now in its place.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Remove Engraved Pen'));
  });

  it('shows the empty cart when the last entry goes, and says so', async () => {
    answer = () => Promise.resolve(json(200, { shoppingCart: apiCart([]), removedEntry: {} }));
    render(<CartPage {...pageProps([SHIRT])} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Linen Shirt' }));
    await waitFor(() => expect(screen.getByText('Your cart is empty.')).toBeTruthy());
    expect(liveRegion().textContent).toBe(
      'Linen Shirt removed from your cart. Your cart is empty.',
    );
    // Focus moves in an effect after the render that shows the empty cart.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Continue shopping'));
    expect(document.querySelector('.cart-checkout')).toBeNull();
  });
});

describe('editing extra-field answers', () => {
  const summary = () => document.getElementById('cart-edit-entry-pen') as HTMLElement;
  const editorDetails = () => summary().parentElement as HTMLDetailsElement;
  const editorForm = () => document.getElementById('cart-answers-entry-pen') as HTMLFormElement;

  async function openEditor() {
    render(<CartPage {...pageProps()} />);
    // Hydrated once the browser's checks are on (the plain form keeps its own until then).
    await waitFor(() => expect(editorForm().noValidate).toBe(true));
    fireEvent.click(summary());
    await waitFor(() => expect(editorDetails().open).toBe(true));
    return screen.getByRole('group', { name: 'Your answers for Engraved Pen' });
  }

  it('opens the form filled with the stored answers', async () => {
    const group = await openEditor();
    expect(within(group).getByLabelText<HTMLInputElement>(/Engraving/).value).toBe('Ada');
    expect(within(group).getByLabelText<HTMLSelectElement>(/Gift wrap/).value).toBe('Yes');
    expect(within(group).getByLabelText<HTMLInputElement>('Card').checked).toBe(true);
    expect(within(group).getByLabelText<HTMLInputElement>('Box').checked).toBe(false);
    const service = within(group).getByRole('group', { name: 'Service' });
    expect(within(service).getByLabelText<HTMLInputElement>('Agree').checked).toBe(true);
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('name')).toBe('fields[engraving]'),
    );
  });

  it("saves through PUT …/additionalFields showing 'Saving…', the cart recalculating meanwhile", async () => {
    const pending = deferred();
    answer = () => pending.promise;
    const group = await openEditor();
    fireEvent.change(within(group).getByLabelText(/Engraving/), { target: { value: 'Grace' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save answers' }));

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.url).toBe('/api/commerce/shopping-cart/entries/entry-pen/additionalFields');
    expect(calls[0]?.init?.method).toBe('PUT');
    const body = JSON.parse(bodyOf(calls[0])) as Record<string, unknown>;
    expect(body.itemId).toBe('engraved-pen');
    expect(body.sku).toBe('PEN-1');
    expect(JSON.parse(String(body.additionalFields))).toEqual({
      engraving: 'Grace',
      wrap: 'Yes',
      extras: ['Card'],
      rate: { Service: 'Agree' },
    });
    expect(SAVING_LABEL).toBe('Saving…');
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeTruthy();
    // Every cart control waits while the cart is priced again.
    expect(controls().every((control) => control.disabled)).toBe(true);

    const saved = {
      ...PEN,
      additionalFields: { engraving: 'Grace', wrap: 'Yes', extras: ['Card'] },
    };
    await act(async () =>
      pending.release(
        json(200, { shoppingCart: apiCart([SHIRT, saved]), updatedEntry: { id: PEN.id } }),
      ),
    );
    await waitFor(() =>
      expect(liveRegion().textContent).toBe('Your answers for Engraved Pen were saved.'),
    );
    expect(editorDetails().open).toBe(false);
    // The form starts from the saved answers next time.
    expect(within(editorForm()).getByLabelText<HTMLInputElement>(/Engraving/).value).toBe('Grace');
    // Focus goes back to the control that opened the editor.
    await waitFor(() => expect(document.activeElement?.id).toBe('cart-edit-entry-pen'));
    expect(entry(PEN.id).querySelector('.cart-entry-answers')?.textContent).toBe(
      'EngravingGraceGift wrapYesExtrasCard',
    );
    expect(
      controls()
        .filter((control) => control.disabled)
        .map((control) => control.id),
    ).toEqual([]);
  });

  it('checks required answers first, then shows the server field errors above their field', async () => {
    answer = () =>
      Promise.resolve(
        json(400, {
          error: {
            code: 'ADDITIONAL_FIELDS_INVALID',
            message: "Please complete this item's form before adding it to the cart.",
            fields: { wrap: 'Choose Yes or No.' },
          },
        }),
      );
    const group = await openEditor();
    fireEvent.change(within(group).getByLabelText(/Engraving/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save answers' }));
    expect(within(group).getByText('Required')).toBeTruthy();
    expect(calls).toHaveLength(0);
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('name')).toBe('fields[engraving]'),
    );

    fireEvent.change(within(group).getByLabelText(/Engraving/), { target: { value: 'Ada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save answers' }));
    await waitFor(() => expect(within(group).getByText('Choose Yes or No.')).toBeTruthy());
    await waitFor(() => expect(document.activeElement?.getAttribute('name')).toBe('fields[wrap]'));
    expect(screen.getByRole('button', { name: 'Save answers' })).toBeTruthy();
    expect(
      controls().every((control) => !control.disabled || control.id.startsWith('cart-edit')),
    ).toBe(true);
  });
});

describe('the answers editor without JavaScript', () => {
  it('is a plain form posting to /cart/answers, filled with the stored answers', () => {
    const html = renderToString(<CartPage {...pageProps()} />);
    const form = /<form[^>]*id="cart-answers-entry-pen"[^>]*>[\s\S]*?<\/form>/.exec(html)?.[0];
    expect(form).toBeDefined();
    const markup = form ?? '';
    expect(markup).toMatch(
      /^<form id="cart-answers-entry-pen" class="cart-entry-answers-form" aria-busy="false" action="\/cart\/answers" method="post">/,
    );
    // The browser's own checks run until scripts take over.
    expect(markup).not.toContain('novalidate');
    expect(markup).toContain('<input type="hidden" name="entryId" value="entry-pen"/>');
    expect(markup).toContain('<input type="hidden" name="itemId" value="engraved-pen"/>');
    expect(markup).toContain('<input type="hidden" name="sku" value="PEN-1"/>');
    expect(markup).toMatch(
      /<input type="text" id="cart-field-entry-pen-engraving"[^>]* name="fields\[engraving\]" value="Ada"\/>/,
    );
    expect(markup).toContain('<option value="Yes" selected="">Yes</option>');
    expect(markup).toMatch(/name="fields\[extras\]" checked="" value="Card"/);
    expect(markup).not.toMatch(/name="fields\[extras\]" checked="" value="Box"/);
    expect(markup).toMatch(/name="fields\[rate\]\[Service\]" checked="" value="Agree"/);
    expect(markup).toContain(
      '<button type="submit" class="button button-primary">Save answers</button>',
    );
    expect(markup).toContain('<button type="reset" class="button">Cancel</button>');
    // Closed until the shopper opens it.
    expect(html).toContain('<details class="cart-entry-edit"><summary id="cart-edit-entry-pen">');
  });

  it('opens again with the field errors of a refused post', () => {
    const html = renderToString(
      <CartPage
        {...pageProps()}
        reopenedAnswers={{ entryId: PEN.id, errors: { engraving: 'Required' } }}
      />,
    );
    expect(html).toContain(
      '<details class="cart-entry-edit" open=""><summary id="cart-edit-entry-pen">',
    );
    expect(html).toContain(
      '<p class="field-error" id="cart-field-entry-pen-engraving-error">Required</p>',
    );
    expect(html).toMatch(/id="cart-field-entry-pen-engraving"[^>]*aria-invalid="true"/);
  });

  it('hydrates without changing the markup', async () => {
    const props = pageProps();
    const container = document.createElement('div');
    container.innerHTML = renderToString(<CartPage {...props} />);
    document.body.append(container);
    const before = container.querySelector('.cart-entry-edit')?.outerHTML;
    const { hydrateRoot } = await import('react-dom/client');
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <CartPage {...props} />, {
        onRecoverableError: (error) => errors.push(error),
      });
    });
    expect(errors).toEqual([]);
    // Only the form's checks change hands once scripts run.
    expect(container.querySelector('.cart-entry-edit')?.outerHTML).toBe(
      before?.replace('method="post"', 'method="post" novalidate=""'),
    );
    container.remove();
  });
});
