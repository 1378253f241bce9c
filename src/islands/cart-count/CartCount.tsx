/**
 * Template-cart element: the cart's item count, linked to /cart, kept current by the cart store.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { cartStore } from '../../clients/cart-store.ts';
import { cartCountLabel } from '../../shared/cart/count-label.ts';

export interface CartCountProps {
  /** The count the server rendered; the store takes over after hydration. */
  readonly totalQuantity: number;
}

export default function CartCount({ totalQuantity }: CartCountProps) {
  // The server snapshot is null so hydration renders exactly the server's props.
  const summary = useSyncExternalStore(cartStore.subscribe, cartStore.getSnapshot, () => null);
  useEffect(() => {
    void cartStore.refresh();
  }, []);
  const label = cartCountLabel(summary?.totalQuantity ?? totalQuantity);
  return (
    <a className="template-cart" href="/cart">
      <span className="template-cart-label">Cart</span>{' '}
      <span className="template-cart-count" aria-hidden="true">
        {label.text}
      </span>
      <span className="visually-hidden">{label.accessibleText}</span>
    </a>
  );
}
