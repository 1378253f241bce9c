/**
 * Renditions on disk, made on first request: DATA_DIR/images/renditions/<version>-<width>w.<ext>.
 * A cached file is read and served; a missing one is made from the original, written
 * atomically (temp file + rename) and served. Concurrent first requests for the same file
 * share one piece of work.
 */
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { AppError } from '../../../shared/errors.ts';
import type { WidthBucket } from './buckets.ts';
import { writeFileAtomic } from './atomic-write.ts';
import { ORIGINAL_FORMATS, type ImageFormat } from './formats.ts';
import { createLimiter } from './limit.ts';
import { originalFile } from './originals.ts';
import { renderWithSharp, type RenderImage } from './render.ts';

export interface RenditionKey {
  readonly version: string;
  readonly original: ImageFormat;
  readonly width: WidthBucket;
  readonly format: ImageFormat;
}

export interface Renditions {
  /** The original's bytes; IMAGE_NOT_FOUND when the store has no such file. */
  original(version: string, format: ImageFormat): Promise<Buffer>;
  /** The rendition's bytes, made now when not cached; IMAGE_UNREADABLE for a bad original. */
  rendition(key: RenditionKey): Promise<Buffer>;
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

async function readIfPresent(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

export function createRenditions(options: {
  readonly originals: string;
  readonly renditions: string;
  /** How a rendition is made; tests count calls through it. */
  readonly render?: RenderImage;
  /** Renditions made at once at most; default one per core. */
  readonly concurrency?: number;
}): Renditions {
  const render = options.render ?? renderWithSharp;
  const limited = createLimiter(options.concurrency ?? availableParallelism());
  const inFlight = new Map<string, Promise<Buffer>>();

  async function original(version: string, format: ImageFormat): Promise<Buffer> {
    const bytes = await readIfPresent(originalFile(options.originals, version, format));
    if (bytes === null) throw new AppError('IMAGE_NOT_FOUND');
    return bytes;
  }

  async function make(key: RenditionKey, file: string): Promise<Buffer> {
    const source = await original(key.version, key.original);
    let bytes: Buffer;
    try {
      bytes = await limited(() => render(source, key.width, key.format));
    } catch (error) {
      // A damaged original is the store's fault, not the visitor's: a 500 that says what it is.
      throw Object.assign(new AppError('IMAGE_UNREADABLE'), { cause: error });
    }
    await writeFileAtomic(file, bytes);
    return bytes;
  }

  return {
    original,
    async rendition(key) {
      const file = path.join(
        options.renditions,
        `${key.version}-${key.width}w.${ORIGINAL_FORMATS[key.format].ext}`,
      );
      const cached = await readIfPresent(file);
      if (cached !== null) return cached;
      let pending = inFlight.get(file);
      if (pending === undefined) {
        pending = make(key, file).finally(() => inFlight.delete(file));
        inFlight.set(file, pending);
      }
      return pending;
    },
  };
}
