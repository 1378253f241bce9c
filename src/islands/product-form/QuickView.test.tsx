// @vitest-environment happy-dom
/**
 * Quick View on a collection card: a link to the product page without JavaScript; with it, the
 * product page's form, image and price in a dialog, the quick view recorded in the census, the
 * page's address left alone, and focus back on the link when it closes.
 */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ProductForm from './ProductForm.tsx';
import QuickView from './QuickView.tsx';
import { readQuickView } from './quick-view-load.ts';
import { shirtProps } from './testing/product-fixtures.tsx';
import { render } from '@testing-library/react';

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const props = {
  itemId: 'linen-shirt',
  url: '/shop/p/linen-shirt',
  title: 'Linen Shirt',
  label: 'Quick View',
};

/** A product page as the server renders it, with the form island's props. */
const productPage = () =>
  `<!doctype html><html><body><article class="product">` +
  `<figure class="product-image"><img src="/first.jpg?format=750w" alt="First"></figure>` +
  `<p class="product-price">from $54.00</p>` +
  `<vitrine-island data-island="ProductForm" data-hydrate="load" data-props="${JSON.stringify(
    shirtProps,
  ).replaceAll(
    '"',
    '&quot;',
  )}">${renderToString(<ProductForm {...shirtProps} />)}</vitrine-island>` +
  `</article></body></html>`;

describe('QuickView', () => {
  it("is a link to the product page named 'Quick View' without JavaScript", () => {
    expect(renderToString(<QuickView {...props} />)).toBe(
      '<a class="product-quick-view" href="/shop/p/linen-shirt">Quick View<span class="visually-hidden">: Linen Shirt</span></a>',
    );
  });

  it('reads the form props, image and price of a product page', () => {
    const content = readQuickView(productPage());
    expect(content?.form.itemId).toBe('linen-shirt');
    expect(content?.priceHtml).toBe('from $54.00');
    expect(content?.imageHtml).toContain('/first.jpg?format=750w');
    expect(readQuickView('<p>no form</p>')).toBeUndefined();
  });

  it('opens the same form in a dialog, records the quick view, and leaves the address alone', async () => {
    window.history.replaceState(null, '', '/shop');
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        const url = input instanceof Request ? input.url : input.toString();
        calls.push(`${init?.method ?? 'GET'} ${url}`);
        if (url === '/shop/p/linen-shirt') return Promise.resolve(new Response(productPage()));
        return Promise.resolve(new Response('{}', { status: 202 }));
      }),
    );
    const viewed: unknown[] = [];
    const onView = (event: Event) => viewed.push((event as CustomEvent).detail);
    document.addEventListener('vitrine:product-view', onView);
    render(<QuickView {...props} />);
    await act(async () => {
      fireEvent.click(document.querySelector('a.product-quick-view') as HTMLAnchorElement);
    });
    await act(async () => {});
    document.removeEventListener('vitrine:product-view', onView);
    // The commerce events' 'product view'.
    expect(viewed).toEqual([{ itemId: 'linen-shirt' }]);
    expect(calls).toContain('POST /api/census/RecordQuickView/linen-shirt');
    expect(calls).toContain('GET /shop/p/linen-shirt');
    const dialog = document.querySelector<HTMLDialogElement>('dialog.quick-view');
    expect(dialog?.open).toBe(true);
    expect(dialog?.getAttribute('aria-label')).toBe('Linen Shirt');
    expect(dialog?.querySelector('form.product-form')).not.toBeNull();
    act(() => {
      fireEvent.change(screen.getByLabelText('Size'), { target: { value: 'M' } });
    });
    act(() => {
      fireEvent.change(screen.getByLabelText('Colour'), { target: { value: 'Sand' } });
    });
    expect(dialog?.querySelector('.product-price')?.textContent).toBe('$68.00');
    expect(window.location.search).toBe('');
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    });
    await act(async () => {});
    expect(document.querySelector('dialog.quick-view')).toBeNull();
    expect(document.activeElement?.className).toBe('product-quick-view');
  });
});
