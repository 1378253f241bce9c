// Image size helpers: "WxH" strings scaled to a width or height, the rendition bucket
// that covers a size, and the parts of a "WxH" string.
import { toNumber, toText } from '../../values.ts';
import type { FormatterTable } from '../types.ts';

/** platform.md §9: the focal point when an image has none. */
export const DEFAULT_FOCAL_POINT = '0.5,0.5';

/** platform.md §9: rendition widths; the next bucket is chosen when a size exceeds one. */
export const IMAGE_WIDTH_BUCKETS = [100, 300, 500, 750, 1000, 1500] as const;

export const INVALID_SOURCE = "Invalid source parameter. Pass in 'originalSize'";

/** The smallest bucket at least `size` wide; the largest one beyond it. */
export function widthBucket(size: number): string {
  const w = IMAGE_WIDTH_BUCKETS.find((b) => size <= b) ?? IMAGE_WIDTH_BUCKETS.at(-1);
  return `${w}w`;
}

/** [width, height] of a "WxH" string, or null. */
export function parseSize(v: unknown): [number, number] | null {
  const m = /^\s*(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)\s*$/.exec(toText(v));
  if (m?.[1] === undefined || m[2] === undefined) return null;
  return [Number(m[1]), Number(m[2])];
}

/** Scaled sizes are whole pixels, cut rather than rounded (as the golden cases show). */
function scaled(v: unknown, arg: string | undefined, fn: (w: number, h: number, n: number) => number): number | string {
  const size = parseSize(v);
  if (!size) return INVALID_SOURCE;
  const n = toNumber(arg);
  if (!Number.isFinite(n) || size[0] === 0 || size[1] === 0) return INVALID_SOURCE;
  return Math.trunc(fn(size[0], size[1], n));
}

const heightForWidth = (w: number, h: number, n: number): number => (h * n) / w;
const widthForHeight = (w: number, h: number, n: number): number => (w * n) / h;

export const sizeFormatters: FormatterTable = {
  resizedHeightForWidth: (v, args) => scaled(v, args[0], heightForWidth),
  resizedWidthForHeight: (v, args) => scaled(v, args[0], widthForHeight),
  squarespaceThumbnailForWidth: (v, args) => {
    const r = scaled(v, args[0], (_w, _h, n) => n);
    return typeof r === 'number' ? widthBucket(r) : r;
  },
  squarespaceThumbnailForHeight: (v, args) => {
    const r = scaled(v, args[0], widthForHeight);
    return typeof r === 'number' ? widthBucket(r) : r;
  },
  width: (v) => parseSize(v)?.[0] ?? INVALID_SOURCE,
  height: (v) => parseSize(v)?.[1] ?? INVALID_SOURCE,
};
