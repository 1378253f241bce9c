/**
 * The rendition widths a URL may ask for (docs/behaviour/galleries-and-images.md#width-buckets width buckets) and the buckets an
 * image of a given width offers. Templates ask with `?format=<bucket>` (what `image-srcset`
 * writes) or `?format=original`.
 */
import { WIDTH_BUCKETS, widthBucket } from '../../../template/plugins/content/image.ts';

export { WIDTH_BUCKETS };
export type WidthBucket = (typeof WIDTH_BUCKETS)[number];

/** What a `format` query asks for: one width bucket, or the original file as stored. */
export type RenditionRequest = { kind: 'width'; width: WidthBucket } | { kind: 'original' };

function isBucket(width: number): width is WidthBucket {
  return (WIDTH_BUCKETS as readonly number[]).includes(width);
}

/**
 * `100w` … `1500w` or `original`; no format means the original. Anything else (another width,
 * `2500w`, `100`, a list) is null: the route refuses it rather than guessing.
 */
export function parseFormat(format: string | undefined): RenditionRequest | null {
  if (format === undefined || format === 'original') return { kind: 'original' };
  const match = /^([1-9]\d{0,4})w$/.exec(format);
  if (!match) return null;
  const width = Number(match[1]);
  return isBucket(width) ? { kind: 'width', width } : null;
}

/**
 * The buckets worth listing for an image `originalWidth` pixels wide: every bucket narrower
 * than the original, and the bucket its own width falls in (the next one up, as the spec
 * chooses when a size exceeds a bucket), which is served at the original width since
 * renditions are never enlarged.
 */
export function bucketsFor(originalWidth: number): WidthBucket[] {
  const top = Number.parseInt(widthBucket(originalWidth), 10);
  return WIDTH_BUCKETS.filter((bucket) => bucket <= top);
}
