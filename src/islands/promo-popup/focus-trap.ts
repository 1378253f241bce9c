/**
 * Keeps keyboard focus inside an open modal dialog. A native modal <dialog> makes the page
 * behind it inert, but Tab from its last control still leaves the document (to the browser's
 * own controls, or nowhere in a headless one); here Tab and Shift+Tab go round the dialog's
 * controls instead, and focus that lands outside is brought back to its first control.
 */
import { useEffect, type RefObject } from 'react';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

export function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest('[hidden], [inert]'),
  );
}

export function useFocusTrap(container: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const element = container.current;
      if (event.key !== 'Tab' || !element) return;
      const controls = focusableIn(element);
      const first = controls[0];
      const last = controls[controls.length - 1];
      if (!first || !last) return;
      const current = document.activeElement;
      const inside = current !== null && element.contains(current);
      if (event.shiftKey && (!inside || current === first)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (!inside || current === last)) {
        event.preventDefault();
        first.focus();
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      const element = container.current;
      if (element && event.target instanceof Node && !element.contains(event.target))
        focusableIn(element)[0]?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [container, active]);
}
