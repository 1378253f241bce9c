/**
 * Image formats Vitrine stores and serves, and the choice of output format per request.
 */

/** Formats an original may have (sharp's metadata names), with their file extension. */
export const ORIGINAL_FORMATS = {
  jpeg: { ext: 'jpg', contentType: 'image/jpeg' },
  png: { ext: 'png', contentType: 'image/png' },
  webp: { ext: 'webp', contentType: 'image/webp' },
  gif: { ext: 'gif', contentType: 'image/gif' },
  avif: { ext: 'avif', contentType: 'image/avif' },
} as const;

export type ImageFormat = keyof typeof ORIGINAL_FORMATS;

export function isImageFormat(value: string): value is ImageFormat {
  return Object.hasOwn(ORIGINAL_FORMATS, value);
}

export function formatOfExtension(ext: string): ImageFormat | null {
  for (const [format, info] of Object.entries(ORIGINAL_FORMATS))
    if (info.ext === ext && isImageFormat(format)) return format;
  return null;
}

/** Media types the client accepts with a non-zero quality (`image/webp;q=0` refuses WebP). */
function acceptedTypes(accept: string | undefined): Set<string> {
  const types = new Set<string>();
  for (const part of (accept ?? '').split(',')) {
    const [type = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    if (type !== '') types.add(type);
  }
  return types;
}

/**
 * The format of a rendition: WebP when the client names it, else AVIF when it names that,
 * else the original's own format. WebP comes first although AVIF is smaller: a rendition is
 * made on a shopper's request, and AVIF costs several times the CPU to encode. Wildcards (any
 * type, any image type) are no promise of WebP support: old browsers send them too.
 */
export function renditionFormat(accept: string | undefined, original: ImageFormat): ImageFormat {
  const types = acceptedTypes(accept);
  if (types.has('image/webp')) return 'webp';
  if (types.has('image/avif')) return 'avif';
  // GIF renditions would lose animation and colours for little gain: still frames go out as PNG.
  return original === 'gif' ? 'png' : original;
}
