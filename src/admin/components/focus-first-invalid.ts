/**
 * After a refused save, focus moves to the form's first field marked invalid, so a keyboard or
 * screen-reader owner lands on what to fix, its message read out through aria-describedby.
 */
import { useEffect, type RefObject } from 'react';

/** `refusal` is the save's error: each new refusal (a new object) moves focus once. */
export function useFocusFirstInvalid(
  form: RefObject<HTMLFormElement | null>,
  refusal: unknown,
): void {
  useEffect(() => {
    if (!refusal) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, refusal]);
}
