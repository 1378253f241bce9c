/**
 * Scrolling to a form's first error (docs/behaviour/forms-and-captcha.md#scrolling-to-the-first-error): the target sits SCROLL_OFFSET pixels below
 * the top of the viewport, reached by a tween of TWEEN_DURATION_MS. Pure arithmetic; the island
 * drives it frame by frame.
 */

export const SCROLL_OFFSET = 30;
export const TWEEN_DURATION_MS = 300;

/** Where the page scrolls to for an element whose top is `elementTop` in page coordinates. */
export function scrollTarget(elementTop: number, offset = SCROLL_OFFSET): number {
  return Math.max(0, Math.round(elementTop - offset));
}

/** Ease in and out (quadratic): slow start, slow finish. */
export function easeInOut(progress: number): number {
  const t = Math.min(1, Math.max(0, progress));
  return t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
}

/** The scroll position `elapsed` ms into a tween from `from` to `to`. */
export function tweenPosition(
  from: number,
  to: number,
  elapsed: number,
  duration = TWEEN_DURATION_MS,
): number {
  if (duration <= 0 || elapsed >= duration) return to;
  return from + (to - from) * easeInOut(elapsed / duration);
}
