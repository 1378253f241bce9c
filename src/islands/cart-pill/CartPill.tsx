/**
 * The floating cart pill (docs/behaviour/cart.md#cart-widgets): hidden while the cart is empty, shown with a
 * 0.25 s scale animation (site.css `.cart-pill`) once it holds something, linking to /cart.
 * Inside the design frame it sets the frame URL instead of navigating. It is never created on
 * the cart page, which is recognised by its full-page cart root element.
 */
import { useEffect, useState, useSyncExternalStore, type MouseEvent } from 'react';
import { cartStore } from '../../clients/cart-store.ts';
import { cartCountLabel } from '../../shared/cart/count-label.ts';
import { inDesignFrame, setFrameUrl } from './frame.ts';

export const CART_URL = '/cart';
/** The cart page's root element (themes/default/cart.jsont). */
export const FULL_PAGE_CART_SELECTOR = '[data-full-page-cart]';
/** The scale animation's length; site.css uses the same 0.25 s. */
export const PILL_ANIMATION_MS = 250;

export interface CartPillProps {
  readonly totalQuantity: number;
}

export default function CartPill({ totalQuantity }: CartPillProps) {
  const summary = useSyncExternalStore(cartStore.subscribe, cartStore.getSnapshot, () => null);
  const [onCartPage, setOnCartPage] = useState(false);
  useEffect(() => {
    setOnCartPage(document.querySelector(FULL_PAGE_CART_SELECTOR) !== null);
    void cartStore.load();
  }, []);
  if (onCartPage) return null;

  const quantity = summary?.totalQuantity ?? totalQuantity;
  const shown = quantity > 0;
  const label = cartCountLabel(quantity);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!inDesignFrame()) return;
    event.preventDefault();
    setFrameUrl(CART_URL);
  };
  return (
    <a
      className={shown ? 'cart-pill cart-pill-shown' : 'cart-pill'}
      href={CART_URL}
      aria-hidden={shown ? undefined : true}
      tabIndex={shown ? undefined : -1}
      onClick={onClick}
    >
      <span className="cart-pill-icon" aria-hidden="true" />
      <span className="cart-pill-count" aria-hidden="true">
        {label.text}
      </span>
      <span className="visually-hidden">{label.accessibleText}</span>
    </a>
  );
}
