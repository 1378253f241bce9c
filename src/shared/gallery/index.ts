/** The gallery block's option set, its conditions and design presets (platform.md §3). */
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
