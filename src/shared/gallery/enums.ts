/**
 * The gallery block's option names, allowed values, defaults and ranges (docs/behaviour/galleries-and-images.md#gallery-option-set
 * and its template enumerations). Kept free of zod so the template engine's
 * gallery-* predicates can read them without pulling in the schema.
 */

/** Designs in the template enumeration's order. */
export const GALLERY_DESIGNS = ['grid', 'slideshow', 'slider', 'stacked'] as const;
export type GalleryDesign = (typeof GALLERY_DESIGNS)[number];

/**
 * Width and height of each aspect ratio (standard is the 3:2 of a 35 mm frame), in the template
 * enumeration's order.
 */
export const ASPECT_RATIO_SIZES = {
  square: [1, 1],
  standard: [3, 2],
  'standard-vertical': [2, 3],
  'four-three': [4, 3],
  'three-four-vertical': [3, 4],
  widescreen: [16, 9],
  'anamorphic-widescreen': [2.39, 1],
} as const satisfies Record<string, readonly [number, number]>;
export type GalleryAspectRatio = keyof typeof ASPECT_RATIO_SIZES;

/** The aspect ratios' names, read from the sizes so the two lists cannot differ. */
export const GALLERY_ASPECT_RATIOS = Object.keys(ASPECT_RATIO_SIZES) as [
  GalleryAspectRatio,
  ...GalleryAspectRatio[],
];

export const GALLERY_META_POSITIONS = [
  'top',
  'top-left',
  'top-right',
  'center',
  'bottom',
  'bottom-left',
  'bottom-right',
] as const;
export type GalleryMetaPosition = (typeof GALLERY_META_POSITIONS)[number];

/** The template enumeration's order: center, left, right. */
export const GALLERY_ACTIVE_ALIGNMENTS = ['center', 'left', 'right'] as const;
export type GalleryActiveAlignment = (typeof GALLERY_ACTIVE_ALIGNMENTS)[number];

export const GALLERY_LIGHTBOX_THEMES = ['dark', 'light'] as const;
export type GalleryLightboxTheme = (typeof GALLERY_LIGHTBOX_THEMES)[number];

/** The boolean options the template engine tests with `{.gallery-<name>?}`. */
export const GALLERY_TEMPLATE_FLAGS = [
  'autoplay',
  'auto-crop',
  'controls',
  'lightbox',
  'square-thumbs',
  'show-meta',
  'show-meta-on-hover',
  'thumbnails',
] as const;
export type GalleryTemplateFlag = (typeof GALLERY_TEMPLATE_FLAGS)[number];

/** A whole-number option's allowed range, in its unit. */
export interface GalleryRange {
  readonly min: number;
  readonly max: number;
  readonly unit: 'seconds' | 'pixels' | 'images';
}

export const GALLERY_RANGES = {
  'autoplay-duration': { min: 1, max: 10, unit: 'seconds' },
  'thumbnail-strip-height': { min: 0, max: 200, unit: 'pixels' },
  'thumbnail-strip-margin': { min: 0, max: 60, unit: 'pixels' },
  'thumbnails-per-row': { min: 1, max: 10, unit: 'images' },
  padding: { min: 0, max: 50, unit: 'pixels' },
  'max-width': { min: 100, max: 300, unit: 'pixels' },
} as const satisfies Record<string, GalleryRange>;
export type GalleryRangeOption = keyof typeof GALLERY_RANGES;

/** The option set; the names are the spec's (kebab-case, with three camelCase ones). */
export interface GalleryOptions {
  readonly design: GalleryDesign;
  readonly autoplay: boolean;
  /** Seconds between slides. */
  readonly 'autoplay-duration': number;
  readonly controls: boolean;
  readonly 'auto-crop': boolean;
  readonly 'aspect-ratio': GalleryAspectRatio;
  readonly 'square-thumbs': boolean;
  readonly thumbnails: boolean;
  readonly 'thumbnail-strip-height': number;
  readonly 'thumbnail-strip-margin': number;
  readonly 'show-meta-basic': boolean;
  readonly 'show-meta': boolean;
  readonly 'show-meta-only-title': boolean;
  readonly 'meta-position': GalleryMetaPosition;
  readonly 'show-meta-on-hover': boolean;
  readonly 'active-alignment': GalleryActiveAlignment;
  readonly 'thumbnails-per-row': number;
  readonly padding: number;
  readonly lightbox: boolean;
  readonly lightboxTheme: GalleryLightboxTheme;
  readonly 'max-width': number;
  readonly newWindow: boolean;
  readonly transparentBackground: boolean;
}
export type GalleryOptionName = keyof GalleryOptions;

/** Every option with its default, as the spec's table gives them. */
export const GALLERY_DEFAULTS: GalleryOptions = Object.freeze({
  design: 'grid',
  autoplay: false,
  'autoplay-duration': 5,
  controls: false,
  'auto-crop': true,
  'aspect-ratio': 'square',
  'square-thumbs': true,
  thumbnails: false,
  'thumbnail-strip-height': 80,
  'thumbnail-strip-margin': 20,
  'show-meta-basic': true,
  'show-meta': true,
  'show-meta-only-title': false,
  'meta-position': 'bottom',
  'show-meta-on-hover': false,
  'active-alignment': 'center',
  'thumbnails-per-row': 4,
  padding: 20,
  lightbox: false,
  lightboxTheme: 'dark',
  'max-width': 300,
  newWindow: false,
  transparentBackground: false,
});

export const GALLERY_OPTION_NAMES = Object.keys(GALLERY_DEFAULTS) as GalleryOptionName[];
