// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { cartStore } from '../../clients/cart-store.ts';
import CartCount from './CartCount.tsx';

afterEach(() => {
  cleanup();
  cartStore.reset();
});

const props = { totalQuantity: 2, subtotalCents: 13600, currency: 'USD', locale: 'en-US' };

describe('CartCount (template-cart)', () => {
  it('shows the item count and subtotal the server rendered, linked to /cart', () => {
    render(<CartCount {...props} />);
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe('/cart');
    expect(link.querySelector('.template-cart-count')?.textContent).toBe('2');
    expect(link.querySelector('.template-cart-subtotal')?.textContent).toBe('Subtotal $136.00');
    expect(link.textContent).toContain('2 items in cart');
  });

  it('renders the same HTML on the server, so hydration matches', () => {
    expect(renderToString(<CartCount {...props} />)).toContain('$136.00');
  });

  it('follows the cart store', () => {
    render(<CartCount {...props} />);
    act(() => cartStore.update({ totalQuantity: 1, subtotalCents: 4500 }));
    expect(document.querySelector('.template-cart-count')?.textContent).toBe('1');
    expect(document.querySelector('.template-cart-subtotal')?.textContent).toContain('$45.00');
    expect(screen.getByRole('link').textContent).toContain('1 item in cart');
  });

  it("caps the count at '100+' above 100 with 'More than 100 items in cart'", () => {
    render(<CartCount {...props} totalQuantity={100} />);
    expect(document.querySelector('.template-cart-count')?.textContent).toBe('100');
    act(() => cartStore.update({ totalQuantity: 101, subtotalCents: 101_00 }));
    expect(document.querySelector('.template-cart-count')?.textContent).toBe('100+');
    expect(screen.getByText('More than 100 items in cart')).toBeTruthy();
  });
});
