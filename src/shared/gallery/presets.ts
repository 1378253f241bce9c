/**
 * Design presets (docs/behaviour/galleries-and-images.md#design-presets): choosing a design also sets the switches that design needs.
 * Slideshow turns thumbnails on; slider turns them off; grid and stacked turn thumbnails and
 * autoplay off. Applied when the design changes, not on every read: a merchant may turn the
 * slideshow's thumbnails off again afterwards.
 */
import { GALLERY_DESIGNS, type GalleryDesign, type GalleryOptions } from './enums.ts';

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

function isDesign(value: unknown): value is GalleryDesign {
  return typeof value === 'string' && (GALLERY_DESIGNS as readonly string[]).includes(value);
}

/**
 * Options as a site file gives them, with the design set: the design's preset fills each switch
 * the file leaves out (a slideshow gets its thumbnails), while a switch the file sets is the
 * merchant's own choice and stays. Anything that is not an options object is returned as given.
 */
export function withDesignPreset(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  const options = raw as Readonly<Record<string, unknown>>;
  return isDesign(options.design) ? { ...PRESETS[options.design], ...options } : options;
}
