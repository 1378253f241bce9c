// @vitest-environment happy-dom
/**
 * The product form's variant choice: the server-rendered plain form, live price, sold-out text
 * and scarcity, '(Sold Out)' and the radio marker, branching, stock refreshed on load, the image,
 * `?variant=` and the variant-change event.
 */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VARIANT_CHANGE_EVENT, type VariantChangeDetail } from './events.ts';
import ProductForm from './ProductForm.tsx';
import { fakeFetch, renderForm, shirtProps } from './testing/product-fixtures.tsx';

beforeEach(() => {
  window.history.replaceState(null, '', '/shop/p/linen-shirt');
});
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const select = (name: string) => screen.getByLabelText<HTMLSelectElement>(name);
const price = () => document.querySelector('.product-price')?.innerHTML;
const choose = (name: string, value: string) =>
  act(() => {
    fireEvent.change(select(name), { target: { value } });
  });
/** Lets the mount effects and the stock read settle. */
const settle = () => act(async () => {});

describe('server rendering', () => {
  it('is the plain form that buys without JavaScript', () => {
    const html = renderToString(<ProductForm {...shirtProps} cartError="Sorry." />);
    expect(html).toMatch(
      /<form id="product-form-linen-shirt" class="product-form"[^>]*action="\/cart\/add" method="post">/,
    );
    // The crumb is the page's (outside the island, naming the form): island HTML is shared.
    expect(html).toContain('id="product-form-linen-shirt"');
    expect(html).not.toContain('crumb');
    expect(html).toContain('<input type="hidden" name="itemId" value="linen-shirt"/>');
    expect(html).toContain('name="options[Size]" required=""');
    expect(html).toContain('<option value="" selected="">Select Size</option>');
    expect(html).toMatch(/<input type="number" id="product-quantity" min="1" max="9999" step="1"/);
    expect(html).toContain('name="quantity" value="1"');
    expect(html).toContain('<p class="form-error">Sorry.</p>');
    expect(html).toMatch(
      /class="button product-express" value="true"[^>]*name="isExpress">Purchase/,
    );
  });

  it('posts a single variant by its sku, and a subscription with its hidden field only', () => {
    const single = { ...shirtProps, options: [], variants: shirtProps.variants.slice(0, 1) };
    expect(renderToString(<ProductForm {...single} />)).toContain(
      '<input type="hidden" name="sku" value="S-SAND"/>',
    );
    const html = renderToString(
      <ProductForm
        {...single}
        kind="subscription"
        labels={{ ...shirtProps.labels, add: 'Subscribe' }}
      />,
    );
    expect(html).toContain('<input type="hidden" name="subscription" value="true"/>');
    expect(html).toContain('>Subscribe</button>');
    expect(html).not.toContain('isExpress');
    expect(renderToString(<ProductForm {...single} kind="none" />)).toBe('');
  });
});

describe('choosing a variant', () => {
  it('shows the price of the chosen variant, and the initial display while incomplete', async () => {
    fakeFetch();
    renderForm();
    await settle();
    expect(price()).toBe('from <span>$54.00</span>');
    choose('Size', 'M');
    expect(price()).toBe('from <span>$54.00</span>');
    choose('Colour', 'Sand');
    expect(price()).toBe('$68.00');
    choose('Colour', '');
    expect(price()).toBe('from <span>$54.00</span>');
  });

  it('strikes the original through for a sale price', async () => {
    fakeFetch();
    renderForm();
    await settle();
    choose('Size', 'S');
    choose('Colour', 'Indigo');
    expect(price()).toBe('<s class="product-price-original">$72.00</s> $54.00');
  });

  it("says 'Unavailable' when no variant has the combination", async () => {
    fakeFetch();
    renderForm();
    await settle();
    choose('Size', 'L');
    choose('Colour', 'Indigo');
    expect(price()).toBe('Unavailable');
  });

  it('adds the plan wording for a subscribable product', async () => {
    fakeFetch();
    renderForm({
      kind: 'subscription',
      isSubscribable: true,
      subscriptionPlan: { billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 26 },
    });
    await settle();
    choose('Size', 'M');
    choose('Colour', 'Sand');
    expect(price()).toBe('$68.00 every 2 weeks for 1 year');
  });

  it("keeps the plan's own unit when the store asks for it", async () => {
    fakeFetch();
    renderForm({
      kind: 'subscription',
      isSubscribable: true,
      keepOriginalUnit: true,
      subscriptionPlan: { billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 26 },
    });
    await settle();
    choose('Size', 'M');
    choose('Colour', 'Sand');
    expect(price()).toBe('$68.00 every 2 weeks for 52 weeks');
  });

  it("shows 'Sold Out' (or the custom text) for a variant with no stock", async () => {
    fakeFetch();
    renderForm();
    await settle();
    expect(document.querySelector('.product-sold-out')).toBeNull();
    choose('Size', 'L');
    choose('Colour', 'Sand');
    expect(document.querySelector('.product-sold-out')?.textContent).toBe('Sold Out');
    cleanup();
    renderForm({ soldOut: { ...shirtProps.soldOut, customSoldOutText: 'Gone for now' } });
    await settle();
    choose('Size', 'L');
    choose('Colour', 'Sand');
    expect(document.querySelector('.product-sold-out')?.textContent).toBe('Gone for now');
  });

  it("shows the chosen variant's scarcity, and none while incomplete", async () => {
    fakeFetch();
    renderForm();
    await settle();
    choose('Size', 'S');
    expect(document.querySelector('.product-scarcity')).toBeNull();
    choose('Colour', 'Sand');
    expect(document.querySelector('.product-scarcity')?.textContent).toBe('Only 2 left in stock');
    choose('Colour', 'Indigo');
    expect(document.querySelector('.product-scarcity')).toBeNull();
  });

  it("marks sold-out values ' (Sold Out)' once theirs is the option left to choose", async () => {
    fakeFetch();
    renderForm();
    await settle();
    choose('Colour', 'Sand');
    const labels = [...select('Size').options].map((option) => option.textContent);
    expect(labels).toEqual(['Select Size', 'S', 'M', 'L (Sold Out)']);
  });

  it('disables sold-out values with sold-out dropdown disabling on', async () => {
    fakeFetch();
    renderForm({ soldOut: { ...shirtProps.soldOut, soldOutDropdownDisabled: true } });
    await settle();
    choose('Colour', 'Sand');
    const large = [...select('Size').options].find((option) => option.value === 'L');
    expect(large?.disabled).toBe(true);
    expect(large?.textContent).toBe('L');
  });

  it('gives sold-out radios the unavailable marker in the radio layout', async () => {
    fakeFetch();
    renderForm({ layout: 'radio' });
    await settle();
    act(() => {
      fireEvent.click(screen.getByLabelText('Sand'));
    });
    const large = document.querySelector('#product-option-0-2')?.closest('.product-option-radio');
    expect(large?.classList.contains('is-unavailable')).toBe(true);
    expect(large?.textContent).toBe('L Unavailable');
    act(() => {
      fireEvent.click(screen.getByLabelText('M'));
    });
    expect(price()).toBe('$68.00');
  });

  it('narrows the other options with branching, and not without it', async () => {
    fakeFetch();
    renderForm({ branching: true });
    await settle();
    choose('Size', 'L');
    expect([...select('Colour').options].map((option) => option.value)).toEqual(['', 'Sand']);
    choose('Colour', 'Sand');
    choose('Size', 'S');
    expect([...select('Colour').options].map((option) => option.value)).toEqual([
      '',
      'Sand',
      'Indigo',
    ]);
    cleanup();
    renderForm({ branching: false });
    await settle();
    choose('Size', 'L');
    expect([...select('Colour').options].map((option) => option.value)).toEqual([
      '',
      'Sand',
      'Indigo',
    ]);
  });
});

describe('stock, image and address', () => {
  it('refreshes stock on load, so stock that is gone is not offered', async () => {
    const { calls } = fakeFetch({
      stock: {
        results: shirtProps.variants.map((variant) => ({
          variantId: variant.id,
          sku: variant.sku,
          unlimited: false,
          qtyInStock: variant.id === 'm-sand' ? 0 : variant.qtyInStock,
        })),
      },
    });
    renderForm();
    await settle();
    expect(calls[0]?.url).toBe('/api/commerce/inventory/stock/?itemId=linen-shirt');
    choose('Size', 'M');
    choose('Colour', 'Sand');
    expect(document.querySelector('.product-sold-out')?.textContent).toBe('Sold Out');
  });

  it('hides the quantity once the refreshed stock leaves one or none', async () => {
    fakeFetch({
      stock: {
        results: shirtProps.variants.map((variant) => ({
          variantId: variant.id,
          unlimited: false,
          qtyInStock: variant.id === 'm-sand' ? 1 : 0,
        })),
      },
    });
    renderForm();
    expect(screen.queryByLabelText('Quantity')).not.toBeNull();
    await settle();
    expect(screen.queryByLabelText('Quantity')).toBeNull();
  });

  it("switches the product image to the variant's main image", async () => {
    fakeFetch();
    renderForm();
    await settle();
    const img = document.querySelector<HTMLImageElement>('.product-image img');
    choose('Size', 'M');
    expect(img?.getAttribute('src')).toBe('/first.jpg?format=750w');
    choose('Colour', 'Indigo');
    expect(img?.getAttribute('src')).toBe('/indigo.jpg?format=750w');
    expect(img?.getAttribute('srcset')).toBe('/indigo.jpg?format=300w 300w');
    expect(img?.alt).toBe('Indigo');
  });

  it('reflects the variant in ?variant= and restores it on load', async () => {
    fakeFetch();
    renderForm();
    await settle();
    choose('Size', 'M');
    choose('Colour', 'Indigo');
    expect(window.location.search).toBe('?variant=m-indigo');
    choose('Size', '');
    expect(window.location.search).toBe('');
    cleanup();
    window.history.replaceState(null, '', '/shop/p/linen-shirt?variant=l-sand');
    renderForm();
    await settle();
    expect(select('Size').value).toBe('L');
    expect(select('Colour').value).toBe('Sand');
    expect(document.querySelector('.product-sold-out')?.textContent).toBe('Sold Out');
  });

  it("tells the page of every change, and once after hydration ('vitrine:variant-change')", async () => {
    fakeFetch();
    const seen: VariantChangeDetail[] = [];
    const listener = (event: Event) =>
      seen.push((event as CustomEvent<VariantChangeDetail>).detail);
    document.addEventListener(VARIANT_CHANGE_EVENT, listener);
    renderForm();
    await settle();
    expect(seen).toEqual([{ itemId: 'linen-shirt', variantId: null, soldOut: false }]);
    choose('Size', 'L');
    choose('Colour', 'Sand');
    expect(seen.at(-1)).toEqual({ itemId: 'linen-shirt', variantId: 'l-sand', soldOut: true });
    choose('Size', 'M');
    expect(seen.at(-1)).toEqual({ itemId: 'linen-shirt', variantId: 'm-sand', soldOut: false });
    document.removeEventListener(VARIANT_CHANGE_EVENT, listener);
  });
});
