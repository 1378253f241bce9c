/**
 * One of the form's submit buttons (add, express 'Purchase', 'Subscribe') with its state's label
 * and locked width. Enter and Space activate it (docs/behaviour/cart.md#the-add-to-cart-button) through `onActivate`, and
 * their native activation is held back so each press is one purchase.
 */
import type { KeyboardEvent, MouseEvent, RefObject } from 'react';
import { buttonLabel, type AddButton } from './use-add-button.ts';

export const ACTIVATION_KEYS: readonly string[] = ['Enter', ' '];

export interface PurchaseButtonProps {
  readonly className: string;
  readonly label: string;
  readonly state: AddButton;
  readonly buttonRef: RefObject<HTMLButtonElement | null>;
  readonly express?: boolean;
  /** The button census id (data-census-button): renders and clicks a merchant tracks. */
  readonly censusButton?: string;
  /**
   * The chosen variant's sold-out text: the button says it and is disabled, so a press sends
   * nothing (the restock form beside it offers the sign-up instead).
   */
  readonly soldOutText?: string;
  readonly onActivate: () => void;
}

export function PurchaseButton(props: PurchaseButtonProps) {
  const { phase, lockedWidth } = props.state;
  const soldOut = props.soldOutText !== undefined;
  const activate = (event: MouseEvent | KeyboardEvent) => {
    event.preventDefault();
    props.onActivate();
  };
  return (
    <button
      ref={props.buttonRef}
      type="submit"
      className={props.className}
      {...(props.express ? { name: 'isExpress', value: 'true' } : {})}
      data-state={soldOut ? 'sold-out' : phase}
      data-census-button={props.censusButton}
      disabled={soldOut}
      aria-disabled={phase === 'added' ? true : undefined}
      style={lockedWidth === undefined ? undefined : { width: `${lockedWidth}px` }}
      onClick={activate}
      onKeyDown={(event) => {
        if (ACTIVATION_KEYS.includes(event.key)) activate(event);
      }}
    >
      {soldOut ? props.soldOutText : buttonLabel(phase, props.label)}
    </button>
  );
}
