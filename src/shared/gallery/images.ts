/**
 * The picture sources of a gallery image, from its template data (docs/behaviour/galleries-and-images.md#images: assetUrl, originalSize, systemDataVariants, mediaFocalPoint): a srcset of the
 * width buckets the original offers (the same list `{@|image-srcset}` writes), a small default
 * rendition, a large one for the lightbox, and the original's size, so the page reserves each
 * picture's box before it loads.
 */

/** The default focal point, the centre (docs/behaviour/galleries-and-images.md#focal-point). */
export const GALLERY_DEFAULT_FOCAL_POINT = { x: 0.5, y: 0.5 } as const;

/** The template data of one image, as the server's `imageAsset()` gives it. */
export interface GalleryImageAsset {
  readonly assetUrl: string;
  readonly altText?: string | undefined;
  readonly mediaFocalPoint?: { readonly x: number; readonly y: number } | undefined;
  readonly originalSize?: string | undefined;
  readonly systemDataVariants?: string | undefined;
}

export interface GalleryPicture {
  /** A rendition near 750 px wide for `src` (or the address as written). */
  readonly src: string;
  /** `<url>?format=100w 100w, …`; empty for an address that is not a stored original. */
  readonly srcset: string;
  /** The widest rendition, for the link that opens the picture without JavaScript. */
  readonly large: string;
  /** The original's size; absent when unknown (a web address). */
  readonly width?: number;
  readonly height?: number;
  /** 0–1 from the left and from the top. */
  readonly focalPoint: { readonly x: number; readonly y: number };
}

const DEFAULT_BUCKET = '750w';

function size(text: string | undefined): [number, number] | undefined {
  const match = /^(\d+)x(\d+)$/.exec(text ?? '');
  if (!match) return undefined;
  const width = Number(match[1]);
  const height = Number(match[2]);
  return width > 0 && height > 0 ? [width, height] : undefined;
}

function unit(value: unknown, fallback: number): number {
  return typeof value === 'number' && value >= 0 && value <= 1 ? value : fallback;
}

export function galleryPicture(asset: GalleryImageAsset): GalleryPicture {
  const url = asset.assetUrl;
  const focal = asset.mediaFocalPoint;
  const focalPoint = {
    x: unit(focal?.x, GALLERY_DEFAULT_FOCAL_POINT.x),
    y: unit(focal?.y, GALLERY_DEFAULT_FOCAL_POINT.y),
  };
  const buckets = (asset.systemDataVariants ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d+w$/.test(part));
  const dimensions = size(asset.originalSize);
  if (buckets.length === 0) {
    return { src: url, srcset: '', large: url, focalPoint, ...sizeOf(dimensions) };
  }
  const entries = buckets.map((bucket) => `${url}?format=${bucket} ${bucket}`);
  // As image-srcset does: with a known size, the original serves the widest screens.
  if (dimensions) entries.push(`${url}?format=original 2500w`);
  const widest = buckets[buckets.length - 1];
  return {
    src: `${url}?format=${buckets.includes(DEFAULT_BUCKET) ? DEFAULT_BUCKET : widest}`,
    srcset: entries.join(', '),
    large: `${url}?format=${widest}`,
    focalPoint,
    ...sizeOf(dimensions),
  };
}

function sizeOf(dimensions: [number, number] | undefined): { width?: number; height?: number } {
  return dimensions ? { width: dimensions[0], height: dimensions[1] } : {};
}
