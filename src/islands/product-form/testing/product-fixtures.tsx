/**
 * Test fixtures of the product form: a shirt with two options (one variant sold out, one on
 * sale), rendered inside a product article with the template's price line and image, and a
 * fetch double that answers each call from a queue.
 */
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import ProductForm from '../ProductForm.tsx';
import type { FormVariant, ProductFormProps } from '../props.ts';

const variant = (
  id: string,
  Size: string,
  Colour: string,
  over: Partial<FormVariant> = {},
): FormVariant => ({
  id,
  sku: id.toUpperCase(),
  attributes: { Size, Colour },
  price: 6800,
  salePrice: 0,
  onSale: false,
  unlimited: false,
  qtyInStock: 10,
  imageId: `img-${Colour.toLowerCase()}`,
  ...over,
});

export const shirtProps: ProductFormProps = {
  itemId: 'linen-shirt',
  productType: 1,
  kind: 'cart',
  layout: 'dropdown',
  options: [
    { name: 'Size', values: ['S', 'M', 'L'] },
    { name: 'Colour', values: ['Sand', 'Indigo'] },
  ],
  variants: [
    variant('s-sand', 'S', 'Sand', { qtyInStock: 2 }),
    variant('m-sand', 'M', 'Sand'),
    variant('l-sand', 'L', 'Sand', { qtyInStock: 0 }),
    variant('s-indigo', 'S', 'Indigo', { price: 7200, salePrice: 5400, onSale: true }),
    variant('m-indigo', 'M', 'Indigo', { price: 7200 }),
  ],
  images: {
    'img-sand': { src: '/sand.jpg?format=750w', srcset: '/sand.jpg?format=300w 300w', alt: 'Sand' },
    'img-indigo': {
      src: '/indigo.jpg?format=750w',
      srcset: '/indigo.jpg?format=300w 300w',
      alt: 'Indigo',
    },
  },
  showQuantity: true,
  labels: {
    add: 'Add to Cart',
    purchase: 'Purchase',
    selectOption: 'Select {variantName}',
    selectGiftCardValue: 'Select Value',
  },
  money: { currency: 'USD', locale: 'en-US', cldr: true },
  isSubscribable: false,
  subscriptionPlan: null,
  soldOut: {
    soldOutDropdownDisabled: false,
    restockNotificationsEnabled: false,
    customSoldOutText: '',
  },
  scarcity: {
    scarcityEnabled: true,
    scarcityThreshold: 5,
    scarcityText: 'Only {qty} left in stock',
    scarcityShownByDefault: false,
  },
  branching: false,
  tracksStock: true,
  giftCardPath: '/commerce/gift-card',
};

/**
 * Renders the form inside a product article carrying the template's price line and image, and
 * the visitor's crumb in a hidden input that names the form (as item.jsont puts it).
 */
export function renderForm(props: Partial<ProductFormProps> = {}, crumb = 'page-crumb') {
  const article = document.createElement('article');
  article.className = 'product';
  article.innerHTML =
    '<figure class="product-image"><img src="/first.jpg?format=750w" alt="First"></figure>' +
    '<p class="product-price">from <span>$54.00</span></p>' +
    `<input type="hidden" name="crumb" value="${crumb}" form="product-form-${props.itemId ?? shirtProps.itemId}">` +
    '<div class="form-root"></div>';
  document.body.append(article);
  const container = article.querySelector<HTMLElement>('.form-root') ?? article;
  return render(<ProductForm {...shirtProps} {...props} />, { container });
}

export interface FetchCall {
  readonly url: string;
  readonly init: RequestInit | undefined;
}

/**
 * Replaces fetch: stock reads answer `stock` (or fail), every other call takes the next answer
 * of `answers` (a pending one waits until released).
 */
export function fakeFetch(
  options: { stock?: unknown; answers?: (() => Promise<Response>)[] } = {},
) {
  const calls: FetchCall[] = [];
  const answers = [...(options.answers ?? [])];
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : input.toString();
    calls.push({ url, init });
    if (url.startsWith('/api/commerce/inventory/stock/'))
      return Promise.resolve(
        options.stock === undefined
          ? new Response('{}', { status: 500 })
          : Response.json(options.stock),
      );
    const next = answers.shift();
    return next ? next() : Promise.resolve(new Response('{}', { status: 500 }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, posts: () => calls.filter((call) => call.init?.method === 'POST') };
}

/** The JSON body a call posted. */
export function postedBody(call: FetchCall | undefined): unknown {
  const body = call?.init?.body;
  return typeof body === 'string' ? JSON.parse(body) : undefined;
}

export const json =
  (body: unknown, status = 200) =>
  () =>
    Promise.resolve(Response.json(body, { status }));
