/**
 * Commerce events for an ad pixel (docs/behaviour/analytics.md#ad-pixel): AddToCart, Search, ViewContent, Purchase,
 * CompleteRegistration, Lead. Vitrine loads no third-party script: it announces each event as a
 * `vitrine:ad-pixel` CustomEvent on document, and a site that wants a pixel connects an adapter.
 */

export const AD_PIXEL_EVENT = 'vitrine:ad-pixel';

export type AdPixelEventName =
  'AddToCart' | 'Search' | 'ViewContent' | 'Purchase' | 'CompleteRegistration' | 'Lead';

/** Tracking event names (docs/behaviour/analytics.md#storefront-tracking-events and the forms' events) as the pixel names them. */
export const AD_PIXEL_NAMES: Readonly<Record<string, AdPixelEventName>> = {
  'add to cart': 'AddToCart',
  search: 'Search',
  'view product page': 'ViewContent',
  purchase: 'Purchase',
  'complete registration': 'CompleteRegistration',
  lead: 'Lead',
};

export interface AdPixelDetail {
  readonly name: AdPixelEventName;
  readonly data: Readonly<Record<string, unknown>>;
}

/** What a site's pixel integration implements. */
export interface AdPixelAdapter {
  track(name: AdPixelEventName, data: Readonly<Record<string, unknown>>): void;
}

/** Announces a tracking event to any connected pixel, under its pixel name when it has one. */
export function announceToAdPixel(eventName: string, data: Record<string, unknown>): void {
  const name = AD_PIXEL_NAMES[eventName];
  if (name)
    document.dispatchEvent(
      new CustomEvent<AdPixelDetail>(AD_PIXEL_EVENT, { detail: { name, data } }),
    );
}

/** Connects an adapter; returns the function that disconnects it. */
export function connectAdPixel(
  adapter: AdPixelAdapter,
  target: EventTarget = document,
): () => void {
  const listener = (event: Event) => {
    const { detail } = event as CustomEvent<AdPixelDetail>;
    try {
      adapter.track(detail.name, detail.data);
    } catch {
      // A broken pixel must not break the page.
    }
  };
  target.addEventListener(AD_PIXEL_EVENT, listener);
  return () => target.removeEventListener(AD_PIXEL_EVENT, listener);
}
