/**
 * Image files of a site file, stored on import. A product image's `url` is one of:
 * - `https://…` (or `http://`): a picture hosted elsewhere, served as written: never fetched,
 *   never resized, so its template data has no size and no renditions;
 * - `/…`: a path on this site (a theme asset), likewise passed through;
 * - anything else: a file path relative to the site file's folder (`images/linen-shirt.jpg`),
 *   copied into DATA_DIR/images/originals with its size read, so it gets renditions.
 */
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { SiteFileError } from '../../../shared/site-file/index.ts';
import {
  imageDirectories,
  ImageRejectedError,
  storeOriginal,
  type ImageOriginal,
} from './originals.ts';

export type ImageUrlKind = 'web' | 'site-path' | 'file';

export function imageUrlKind(url: string): ImageUrlKind {
  if (/^https?:\/\//i.test(url)) return 'web';
  return url.startsWith('/') ? 'site-path' : 'file';
}

/** Where an import finds image files and where it stores them. */
export interface SiteImageSource {
  /** The folder of the site file: image paths are relative to it, and must stay inside it. */
  readonly siteDir: string;
  /** DATA_DIR: originals go to DATA_DIR/images/originals. */
  readonly dataDir: string;
}

interface ProductImages {
  readonly id: string;
  readonly images: readonly { readonly id: string; readonly url: string }[];
}

function isInside(folder: string, file: string): boolean {
  const relative = path.relative(folder, file);
  const up = relative === '..' || relative.startsWith(`..${path.sep}`);
  return relative !== '' && !up && !path.isAbsolute(relative);
}

async function readSiteImage(siteDir: string, url: string, storeDir: string) {
  const folder = await realpath(siteDir);
  const file = path.resolve(folder, url);
  if (!isInside(folder, file))
    throw new ImageRejectedError("Must be a file inside the site file's folder");
  let real: string;
  try {
    real = await realpath(file);
  } catch {
    throw new ImageRejectedError(`No image file at ${url} (looked in ${folder})`);
  }
  // A symbolic link must not lead out of the site's folder either.
  if (!isInside(folder, real))
    throw new ImageRejectedError("Must be a file inside the site file's folder");
  let bytes: Buffer;
  try {
    bytes = await readFile(real);
  } catch {
    throw new ImageRejectedError(`Cannot read the image file ${url}`);
  }
  return storeOriginal(storeDir, bytes);
}

/**
 * Stores every image file the products name, once per distinct path, and returns what is known
 * of each by its `url`. Throws SiteFileError listing every image that is missing, outside the
 * site's folder or not a picture, before anything is written to the database.
 */
export async function storeSiteImages(
  products: readonly ProductImages[],
  source: SiteImageSource,
): Promise<Map<string, ImageOriginal>> {
  const { originals: storeDir } = imageDirectories(source.dataDir);
  const stored = new Map<string, ImageOriginal>();
  const failed = new Map<string, string>();
  const errors: string[] = [];
  for (const [p, product] of products.entries()) {
    for (const [i, image] of product.images.entries()) {
      if (imageUrlKind(image.url) !== 'file') continue;
      if (!stored.has(image.url) && !failed.has(image.url)) {
        try {
          stored.set(image.url, await readSiteImage(source.siteDir, image.url, storeDir));
        } catch (error) {
          if (!(error instanceof ImageRejectedError)) throw error;
          failed.set(image.url, error.message);
        }
      }
      const problem = failed.get(image.url);
      if (problem !== undefined)
        errors.push(`products[${p}].images[${i}].url: ${problem} (product "${product.id}")`);
    }
  }
  if (errors.length > 0) throw new SiteFileError(errors);
  return stored;
}
