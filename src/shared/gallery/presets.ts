/**
 * Design presets (platform.md §3): choosing a design also sets the switches that design needs.
 * Slideshow turns thumbnails on; slider turns them off; grid and stacked turn thumbnails and
 * autoplay off. Applied when the design changes, not on every read: a merchant may turn the
 * slideshow's thumbnails off again afterwards.
 */
import type { GalleryDesign, GalleryOptions } from './enums.ts';

const PRESETS: Readonly<Record<GalleryDesign, Partial<GalleryOptions>>> = {
  slideshow: { thumbnails: true },
  slider: { thumbnails: false },
  grid: { thumbnails: false, autoplay: false },
  stacked: { thumbnails: false, autoplay: false },
};

/** The options after switching to `design`. */
export function withDesign(options: GalleryOptions, design: GalleryDesign): GalleryOptions {
  return { ...options, ...PRESETS[design], design };
}
