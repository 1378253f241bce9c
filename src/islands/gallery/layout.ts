/**
 * Sizes and scroll positions of the gallery designs: the `sizes` each design gives its srcset
 * (the theme's content column is 60rem with 1rem padding: at most 928 px of pictures), and where
 * a scroller stops so its active item sits left, centred or right.
 */
import type { GalleryActiveAlignment, GalleryOptions } from '../../shared/gallery/enums.ts';
import type { GalleryPicture } from '../../shared/gallery/images.ts';

/** The widest the theme's content column shows a picture, in CSS pixels. */
export const CONTENT_WIDTH = 928;
/** Slider pictures are this tall from 433 px wide, and SLIDER_HEIGHT_MOBILE below. */
export const SLIDER_HEIGHT = 320;
export const SLIDER_HEIGHT_MOBILE = 240;
const MOBILE = '(max-width: 432px)';

export function ratioOf(picture: GalleryPicture): number {
  return picture.width && picture.height ? picture.width / picture.height : 3 / 2;
}

/** On phones a grid shows at most two pictures per row. */
export function mobilePerRow(perRow: number): number {
  return Math.min(perRow, 2);
}

export function gridSizes(options: GalleryOptions): string {
  const perRow = options['thumbnails-per-row'];
  const mobile = Math.round(100 / mobilePerRow(perRow));
  return `${MOBILE} ${mobile}vw, (max-width: ${CONTENT_WIDTH + 32}px) ${Math.round(100 / perRow)}vw, ${Math.round(CONTENT_WIDTH / perRow)}px`;
}

export function fullWidthSizes(): string {
  return `(max-width: ${CONTENT_WIDTH + 32}px) 100vw, ${CONTENT_WIDTH}px`;
}

export function sliderSizes(picture: GalleryPicture): string {
  const ratio = ratioOf(picture);
  return `${MOBILE} ${Math.round(SLIDER_HEIGHT_MOBILE * ratio)}px, ${Math.round(SLIDER_HEIGHT * ratio)}px`;
}

export function stripSizes(picture: GalleryPicture, options: GalleryOptions): string {
  const ratio = options['square-thumbs'] ? 1 : ratioOf(picture);
  return `${Math.max(1, Math.round(options['thumbnail-strip-height'] * ratio))}px`;
}

/** The scroll position that puts `item` at the container's left, centre or right. */
export function alignedScrollLeft(
  container: { clientWidth: number; scrollWidth: number },
  item: { offsetLeft: number; offsetWidth: number },
  alignment: GalleryActiveAlignment,
): number {
  let left: number;
  switch (alignment) {
    case 'left':
      left = item.offsetLeft;
      break;
    case 'center':
      left = item.offsetLeft - (container.clientWidth - item.offsetWidth) / 2;
      break;
    case 'right':
      left = item.offsetLeft + item.offsetWidth - container.clientWidth;
      break;
  }
  return Math.max(0, Math.min(left, container.scrollWidth - container.clientWidth));
}

/** Scrolls `container` so `item` sits at `alignment`; false when it already does. */
export function scrollToItem(
  container: HTMLElement | null,
  item: HTMLElement | null | undefined,
  alignment: GalleryActiveAlignment,
  smooth: boolean,
): boolean {
  if (!container || !item || typeof container.scrollTo !== 'function') return false;
  const left = alignedScrollLeft(container, item, alignment);
  if (Math.abs(left - container.scrollLeft) < 1) return false;
  container.scrollTo({ left, behavior: smooth ? 'smooth' : 'auto' });
  return true;
}

/** The slides or slider pictures inside a scroller, in order. */
export function itemsOf(container: HTMLElement | null): HTMLElement[] {
  if (!container) return [];
  return [...container.querySelectorAll<HTMLElement>('.gallery-slide, .gallery-slider-item')];
}

/** The item whose aligned position is nearest the scroller's current position. */
export function nearestItem(
  container: HTMLElement,
  items: readonly HTMLElement[],
  alignment: GalleryActiveAlignment,
): number | undefined {
  let best: number | undefined;
  let distance = Number.POSITIVE_INFINITY;
  items.forEach((item, i) => {
    const d = Math.abs(alignedScrollLeft(container, item, alignment) - container.scrollLeft);
    if (d < distance) {
      best = i;
      distance = d;
    }
  });
  return best;
}
