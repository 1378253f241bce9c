/** The gallery block's option set, its conditions and design presets (docs/behaviour/galleries-and-images.md#gallery-option-set). */
export * from './enums.ts';
export {
  clampToRange,
  galleryOptionsSchema,
  normalizeGalleryOptions,
  parseGalleryOptions,
  rangeMessage,
  type GalleryOptionsResult,
} from './options.ts';
export {
  effectiveGalleryOptions,
  isGalleryOptionVisible,
  visibleGalleryOptions,
} from './conditions.ts';
export { withDesign, withDesignPreset } from './presets.ts';
