/** Limits on image originals: bigger files and pictures are refused on import and never decoded. */

/** Decoded pixels at most (sharp's limitInputPixels): 50 megapixels, e.g. 8660 × 5773. */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Bytes of one original file at most. */
export const MAX_ORIGINAL_BYTES = 25 * 1024 * 1024;
