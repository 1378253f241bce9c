// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartStore } from '../../clients/cart-store.ts';
import CartPill, { PILL_ANIMATION_MS } from './CartPill.tsx';
import { SET_FRAME_URL_MESSAGE } from './frame.ts';

afterEach(() => {
  cleanup();
  cartStore.reset();
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

const pill = () => document.querySelector<HTMLAnchorElement>('a.cart-pill');

describe('CartPill', () => {
  it('is hidden (and out of the tab order) while the cart is empty', () => {
    render(<CartPill totalQuantity={0} />);
    expect(pill()?.classList.contains('cart-pill-shown')).toBe(false);
    expect(pill()?.getAttribute('aria-hidden')).toBe('true');
    expect(pill()?.tabIndex).toBe(-1);
  });

  it('shows itself once the cart holds something, linking to /cart', () => {
    render(<CartPill totalQuantity={0} />);
    act(() => cartStore.update({ totalQuantity: 3, subtotalCents: 900 }));
    expect(pill()?.classList.contains('cart-pill-shown')).toBe(true);
    expect(pill()?.getAttribute('aria-hidden')).toBeNull();
    expect(screen.getByRole('link').getAttribute('href')).toBe('/cart');
    expect(screen.getByRole('link').textContent).toContain('3 items in cart');
    act(() => cartStore.update({ totalQuantity: 0, subtotalCents: 0 }));
    expect(pill()?.classList.contains('cart-pill-shown')).toBe(false);
  });

  it("caps its count at '100+'", () => {
    render(<CartPill totalQuantity={250} />);
    expect(pill()?.querySelector('.cart-pill-count')?.textContent).toBe('100+');
    expect(screen.getByText('More than 100 items in cart')).toBeTruthy();
  });

  it('animates its scale over 0.25 s (the theme uses the same figure)', () => {
    expect(PILL_ANIMATION_MS).toBe(250);
    const css = readFileSync(
      path.resolve(import.meta.dirname, '../../../themes/default/assets/site.css'),
      'utf8',
    );
    const rule = /\.cart-pill-shown \{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(rule).toContain('transform: scale(1)');
    expect(rule).toContain('transition: transform 0.25s');
    expect(/\.cart-pill \{([^}]*)\}/.exec(css)?.[1]).toContain('transform: scale(0)');
  });

  it('is not created on the cart page (full-page cart root)', () => {
    const root = document.createElement('div');
    root.setAttribute('data-full-page-cart', '');
    document.body.append(root);
    render(<CartPill totalQuantity={4} />);
    expect(pill()).toBeNull();
  });

  it('navigates normally outside a design frame', () => {
    render(<CartPill totalQuantity={1} />);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    pill()?.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
  });

  it('sets the frame URL instead of navigating inside a design frame', () => {
    const parent = { postMessage: vi.fn() };
    vi.spyOn(window, 'parent', 'get').mockReturnValue(parent as unknown as Window);
    render(<CartPill totalQuantity={1} />);
    const anchor = pill();
    if (!anchor) throw new Error('no pill');
    const prevented = !fireEvent.click(anchor);
    expect(prevented).toBe(true);
    expect(parent.postMessage).toHaveBeenCalledWith(
      { type: SET_FRAME_URL_MESSAGE, url: '/cart' },
      window.location.origin,
    );
  });
});
