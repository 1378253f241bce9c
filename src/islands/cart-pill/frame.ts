/**
 * The design frame: the site builder previews a site inside a same-origin frame. There the cart
 * pill asks the builder to set the frame's URL instead of navigating (docs/behaviour/cart.md#cart-widgets).
 */

/** The message the builder listens for on its window. */
export const SET_FRAME_URL_MESSAGE = 'vitrine:set-frame-url';

export function inDesignFrame(view: Window = window): boolean {
  try {
    return view.parent !== view;
  } catch {
    // A cross-origin parent is not the design frame.
    return false;
  }
}

export function setFrameUrl(url: string, view: Window = window): void {
  view.parent.postMessage({ type: SET_FRAME_URL_MESSAGE, url }, view.location.origin);
}
