/**
 * The extra-fields lightbox's constants and placement (docs/behaviour/forms-and-captcha.md#the-lightbox): a 0.3 s animation,
 * a 100 ms debounce on resize, and a top margin of 50 px when the content is taller than the
 * window, else the content centred.
 */

export const LIGHTBOX_ANIMATION_MS = 300;
export const LIGHTBOX_RESIZE_DEBOUNCE_MS = 100;
export const LIGHTBOX_TOP_MARGIN = 50;

/** The content's distance from the top of the window, in pixels. */
export function lightboxTop(contentHeight: number, windowHeight: number): number {
  if (contentHeight > windowHeight) return LIGHTBOX_TOP_MARGIN;
  return Math.max(0, Math.floor((windowHeight - contentHeight) / 2));
}
