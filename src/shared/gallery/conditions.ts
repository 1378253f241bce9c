/**
 * When an option applies (docs/behaviour/galleries-and-images.md#conditions): an editor shows an option only while it
 * applies, and the renderer reads a hidden option at its default, so a value left behind by an
 * earlier design or switch never changes the gallery.
 *
 * - autoplay delay only when autoplay is on;
 * - thumbnail strip options (height, margin) only when thumbnails are on;
 * - aspect ratio only for the grid design;
 * - meta position and show-on-hover only when meta is shown;
 * - lightbox theme only when the lightbox is on;
 * - transparentBackground only when auto-crop is off and the design is slideshow.
 */
import {
  GALLERY_DEFAULTS,
  GALLERY_OPTION_NAMES,
  type GalleryOptionName,
  type GalleryOptions,
} from './enums.ts';

type Condition = (options: GalleryOptions) => boolean;

const CONDITIONS: Partial<Record<GalleryOptionName, Condition>> = {
  'autoplay-duration': (o) => o.autoplay,
  'thumbnail-strip-height': (o) => o.thumbnails,
  'thumbnail-strip-margin': (o) => o.thumbnails,
  'aspect-ratio': (o) => o.design === 'grid',
  'meta-position': (o) => o['show-meta'],
  'show-meta-on-hover': (o) => o['show-meta'],
  lightboxTheme: (o) => o.lightbox,
  transparentBackground: (o) => !o['auto-crop'] && o.design === 'slideshow',
};

/** Whether `name` applies to a gallery with these options. */
export function isGalleryOptionVisible(name: GalleryOptionName, options: GalleryOptions): boolean {
  return CONDITIONS[name]?.(options) ?? true;
}

/** The options that apply, in the spec's order. */
export function visibleGalleryOptions(options: GalleryOptions): GalleryOptionName[] {
  return GALLERY_OPTION_NAMES.filter((name) => isGalleryOptionVisible(name, options));
}

/** The options as they take effect: every option that does not apply is at its default. */
export function effectiveGalleryOptions(options: GalleryOptions): GalleryOptions {
  const effective: Record<string, unknown> = { ...options };
  for (const name of GALLERY_OPTION_NAMES) {
    if (!isGalleryOptionVisible(name, options)) effective[name] = GALLERY_DEFAULTS[name];
  }
  return effective as unknown as GalleryOptions;
}
