/**
 * Template-cart element (docs/behaviour/cart.md#cart-widgets): the cart's item count and subtotal, linked to /cart,
 * kept current by the cart store. The count caps at '100+' above 100.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { cartStore } from '../../clients/cart-store.ts';
import { cartCountLabel } from '../../shared/cart/count-label.ts';
import { subtotalText } from './subtotal-text.ts';

export interface CartCountProps {
  /** The count the server rendered; the store takes over after hydration. */
  readonly totalQuantity: number;
  readonly subtotalCents?: number;
  readonly currency?: string;
  readonly locale?: string;
}

export default function CartCount({
  totalQuantity,
  subtotalCents = 0,
  currency = 'USD',
  locale = 'en-US',
}: CartCountProps) {
  // The server snapshot is null so hydration renders exactly the server's props.
  const summary = useSyncExternalStore(cartStore.subscribe, cartStore.getSnapshot, () => null);
  useEffect(() => {
    void cartStore.load();
  }, []);
  const label = cartCountLabel(summary?.totalQuantity ?? totalQuantity);
  const subtotal = subtotalText(summary?.subtotalCents ?? subtotalCents, currency, locale);
  return (
    <a className="template-cart" href="/cart">
      <span className="template-cart-label">Cart</span>{' '}
      <span className="template-cart-count" aria-hidden="true">
        {label.text}
      </span>
      <span className="visually-hidden">{label.accessibleText}</span>{' '}
      <span className="template-cart-subtotal">
        {/* Hidden like .visually-hidden; its own class keeps the count's text the one hidden label. */}
        <span className="template-cart-subtotal-label">Subtotal </span>
        {subtotal}
      </span>
    </a>
  );
}
