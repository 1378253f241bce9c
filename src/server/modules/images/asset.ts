/**
 * A site image as template data (docs/behaviour/galleries-and-images.md#images): `assetUrl`,
 * `originalSize`, `mediaFocalPoint` and `systemDataVariants`, so the engine's image
 * formatters work unchanged: `{image|image-srcset}` writes `<assetUrl>?format=100w 100w, …`,
 * which the image route answers with real renditions.
 */
import type { ProductImage } from '../../db/schema.ts';
import { bucketsFor, type WidthBucket } from './buckets.ts';
import { ORIGINAL_FORMATS } from './formats.ts';
import type { ImageOriginal } from './originals.ts';

/** The default focal point, the centre (docs/behaviour/galleries-and-images.md#focal-point). */
export const DEFAULT_FOCAL_POINT = { x: 0.5, y: 0.5 } as const;

export interface ImageAsset {
  id: string;
  assetUrl: string;
  altText?: string;
  mediaFocalPoint: { x: number; y: number };
  /** "1600x2000"; only for stored originals (a web address's size is not known). */
  originalSize?: string;
  /** "1600x2000,100w,300w,…": the original's size and the buckets it offers. */
  systemDataVariants?: string;
  /** The image's colours by name, when the site file gives them. */
  colorData?: Record<string, string>;
}

/** Base URL of a stored original; renditions add `?format=<bucket>`. */
export function imageUrl(imageId: string, original: Pick<ImageOriginal, 'version' | 'format'>) {
  return `/images/${original.version}/${imageId}.${ORIGINAL_FORMATS[original.format].ext}`;
}

/**
 * Template data for one image. A stored original points at the image route; a web address
 * (https://…) or site path is passed through as written: never fetched, never resized.
 */
export function imageAsset(image: ProductImage): ImageAsset {
  const asset: ImageAsset = {
    id: image.id,
    assetUrl: image.url,
    mediaFocalPoint: image.focalPoint ?? { ...DEFAULT_FOCAL_POINT },
  };
  if (image.altText !== undefined) asset.altText = image.altText;
  if (image.colorData !== undefined) asset.colorData = { ...image.colorData };
  const original = image.original;
  if (original !== undefined) {
    const size = `${original.width}x${original.height}`;
    asset.assetUrl = imageUrl(image.id, original);
    asset.originalSize = size;
    asset.systemDataVariants = [size, ...bucketsFor(original.width).map((w) => `${w}w`)].join(',');
  }
  return asset;
}

/**
 * One URL for a plain `<img src>` (cart lines, emails, gift card pages): a stored original's
 * rendition at `width` (a bucket), anything else as written.
 */
export function imageSrc(image: ProductImage, width: WidthBucket = 300): string {
  return image.original ? `${imageUrl(image.id, image.original)}?format=${width}w` : image.url;
}
