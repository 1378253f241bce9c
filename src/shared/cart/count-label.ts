/** Template-cart count display: capped at '100+' above 100 items (docs/behaviour/cart.md#cart-widgets). */
export const CART_COUNT_CAP = 100;

export interface CartCountLabel {
  /** What the widget prints. */
  readonly text: string;
  /** What assistive technology reads. */
  readonly accessibleText: string;
}

export function cartCountLabel(totalQuantity: number): CartCountLabel {
  const count = Number.isFinite(totalQuantity) && totalQuantity > 0 ? Math.floor(totalQuantity) : 0;
  if (count > CART_COUNT_CAP) {
    return { text: `${CART_COUNT_CAP}+`, accessibleText: 'More than 100 items in cart' };
  }
  return {
    text: String(count),
    accessibleText: `${count} ${count === 1 ? 'item' : 'items'} in cart`,
  };
}
