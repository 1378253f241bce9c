/**
 * The store of image originals: files copied from the site on import into
 * DATA_DIR/images/originals, named by a hash of their bytes (`<version>.<ext>`). The name is
 * the image's version in its URL, so a changed picture gets a new URL and every URL can be
 * cached for a year.
 */
import { createHash } from 'node:crypto';
import { access } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { writeFileAtomic } from './atomic-write.ts';
import { isImageFormat, ORIGINAL_FORMATS, type ImageFormat } from './formats.ts';
import { MAX_INPUT_PIXELS, MAX_ORIGINAL_BYTES } from './limits.ts';

/** What is known of a stored original: its version (content hash), format and upright size. */
export interface ImageOriginal {
  readonly version: string;
  readonly format: ImageFormat;
  readonly width: number;
  readonly height: number;
}

/** An original the store will not take; the message says why, for the import's error list. */
export class ImageRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImageRejectedError';
  }
}

/** 16 hex digits (64 bits) of SHA-256: short in URLs, and no two site images will share one. */
export const VERSION_PATTERN = /^[0-9a-f]{16}$/;

export function imageDirectories(dataDir: string): { originals: string; renditions: string } {
  const root = path.resolve(dataDir, 'images');
  return { originals: path.join(root, 'originals'), renditions: path.join(root, 'renditions') };
}

export function originalFile(directory: string, version: string, format: ImageFormat): string {
  return path.join(directory, `${version}.${ORIGINAL_FORMATS[format].ext}`);
}

/** Sharp names AVIF "heif" with AV1 compression; other HEIF (HEIC photos) is not served. */
function formatOf(metadata: Metadata): ImageFormat | null {
  if (metadata.format === 'heif') return metadata.compression === 'av1' ? 'avif' : null;
  return isImageFormat(metadata.format) ? metadata.format : null;
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/**
 * Reads the picture's format and size from its header (no full decode: a file damaged past
 * its header is found when a rendition is made, and answered as unreadable) and stores it
 * once. Throws ImageRejectedError for what is not a servable picture.
 */
export async function storeOriginal(directory: string, bytes: Buffer): Promise<ImageOriginal> {
  if (bytes.length > MAX_ORIGINAL_BYTES)
    throw new ImageRejectedError(
      `The image file is ${bytes.length} bytes; at most ${MAX_ORIGINAL_BYTES} bytes are accepted`,
    );
  let metadata: Metadata;
  try {
    // Only the header is read here; the pixel limit is checked below with a clearer message.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejectedError('Not an image file that can be read (JPEG, PNG, WebP, GIF, AVIF)');
  }
  const format = formatOf(metadata);
  if (format === null)
    throw new ImageRejectedError(
      `Images must be JPEG, PNG, WebP, GIF or AVIF; this one is ${metadata.format}`,
    );
  const { width, height } = metadata;
  if (width * height > MAX_INPUT_PIXELS)
    throw new ImageRejectedError(
      `The image is ${width} × ${height} pixels; at most ${MAX_INPUT_PIXELS} pixels are accepted`,
    );
  const version = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  const file = originalFile(directory, version, format);
  if (!(await exists(file))) await writeFileAtomic(file, bytes);
  // EXIF orientations 5–8 turn the picture a quarter: renditions are made upright.
  const sideways = (metadata.orientation ?? 1) >= 5;
  return {
    version,
    format,
    width: sideways ? height : width,
    height: sideways ? width : height,
  };
}
