/**
 * The add-to-cart button's states (docs/behaviour/cart.md#the-add-to-cart-button):
 * idle → adding ('Adding…', its width locked so the shorter label does not shrink it); on
 * success 'Added!' 1 s later, then idle 2 s after that; on error the message shows and the
 * button is idle again 1 s later. A button showing 'Added!' ignores clicks. Clicks while adding
 * queue another add (the calls are serialised), and the button waits for the last of them.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export const ADDING_LABEL = 'Adding…';
export const ADDED_LABEL = 'Added!';
export const ADDED_AFTER_MS = 1000;
export const IDLE_AFTER_ADDED_MS = 2000;
export const IDLE_AFTER_ERROR_MS = 1000;

export type ButtonPhase = 'idle' | 'adding' | 'added' | 'error';

export interface AddButton {
  readonly phase: ButtonPhase;
  /** The width the button keeps while its label changes; undefined when not locked. */
  readonly lockedWidth: number | undefined;
  /** Starts an add; false when the button ignores the click ('Added!'). */
  begin(button: HTMLElement | null): boolean;
  succeed(): void;
  fail(): void;
  /** An add that stopped before its call (the shopper closed the extra-fields lightbox). */
  cancel(): void;
}

export function useAddButton(): AddButton {
  const [phase, setPhase] = useState<ButtonPhase>('idle');
  const [lockedWidth, setLockedWidth] = useState<number | undefined>(undefined);
  const phaseRef = useRef<ButtonPhase>('idle');
  const pending = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const move = useCallback((next: ButtonPhase) => {
    phaseRef.current = next;
    setPhase(next);
    if (next === 'idle') setLockedWidth(undefined);
  }, []);

  const later = useCallback((ms: number, then: () => void) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(then, ms);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  const begin = useCallback(
    (button: HTMLElement | null) => {
      if (phaseRef.current === 'added') return false;
      clearTimeout(timer.current);
      if (phaseRef.current === 'idle') {
        const width = button?.getBoundingClientRect().width ?? 0;
        setLockedWidth(width > 0 ? width : undefined);
      }
      pending.current += 1;
      move('adding');
      return true;
    },
    [move],
  );

  const settle = useCallback(
    (outcome: 'added' | 'error') => {
      pending.current = Math.max(0, pending.current - 1);
      if (outcome === 'error') {
        move('error');
        later(IDLE_AFTER_ERROR_MS, () => {
          if (pending.current === 0) move('idle');
          else move('adding');
        });
        return;
      }
      // Another add is still on its way: the button waits for it.
      if (pending.current > 0) return;
      later(ADDED_AFTER_MS, () => {
        move('added');
        later(IDLE_AFTER_ADDED_MS, () => move('idle'));
      });
    },
    [later, move],
  );

  const cancel = useCallback(() => {
    pending.current = Math.max(0, pending.current - 1);
    if (pending.current === 0) move('idle');
  }, [move]);

  return {
    phase,
    lockedWidth,
    begin,
    succeed: () => settle('added'),
    fail: () => settle('error'),
    cancel,
  };
}

/** The label a button shows in each phase (an error keeps 'Adding…' until it is idle again). */
export function buttonLabel(phase: ButtonPhase, idleLabel: string): string {
  if (phase === 'added') return ADDED_LABEL;
  if (phase === 'adding' || phase === 'error') return ADDING_LABEL;
  return idleLabel;
}
