/**
 * Brings a failed form's first error into view: a 300 ms tween to 30 px above it (docs/behaviour/forms-and-captcha.md#scrolling-to-the-first-error), frame by frame, then focus on the first invalid input without a second jump. Returns a
 * stop function, so a form that goes away takes its tween with it.
 */
import { scrollTarget, tweenPosition, TWEEN_DURATION_MS } from '../../shared/forms/scroll-tween.ts';

export const ERROR_SELECTOR = '[data-form-error]';

export function scrollToFirstError(root: HTMLElement): () => void {
  const first = root.querySelector<HTMLElement>(ERROR_SELECTOR);
  if (!first) return () => undefined;
  const from = window.scrollY;
  const to = scrollTarget(first.getBoundingClientRect().top + from);
  let start: number | undefined;
  let frame: number;
  const step = (now: number) => {
    start ??= now;
    const elapsed = now - start;
    window.scrollTo(0, tweenPosition(from, to, elapsed, TWEEN_DURATION_MS));
    if (elapsed < TWEEN_DURATION_MS) frame = window.requestAnimationFrame(step);
  };
  frame = window.requestAnimationFrame(step);
  const invalid = root.querySelector<HTMLElement>('[aria-invalid="true"]');
  invalid?.focus({ preventScroll: true });
  return () => window.cancelAnimationFrame(frame);
}
