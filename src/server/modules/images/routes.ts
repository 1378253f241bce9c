/**
 * GET /images/<version>/<imageId>.<ext>[?format=100w|300w|500w|750w|1000w|1500w|original]
 *
 * `version` is the hash of the original's bytes, so every answer is cacheable for a year
 * (`immutable`). A width bucket answers a rendition (WebP or AVIF when the Accept header
 * names them, else the original's format; `Vary: Accept`); no format or `original` answers
 * the original file as stored. Unknown images 404, other formats 400.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../shared/errors.ts';
import { parseFormat } from './buckets.ts';
import { formatOfExtension, ORIGINAL_FORMATS, renditionFormat } from './formats.ts';
import { imageDirectories, VERSION_PATTERN } from './originals.ts';
import { createRenditions } from './renditions.ts';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** `<imageId>.<ext>`: the id is a site-file record id, so the name never holds a path. */
const NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}\.([a-z]{3,4})$/;

export interface ImageRouteDeps {
  /** Originals and renditions live under DATA_DIR/images. */
  readonly dataDir: string;
}

function contentEtag(bytes: Buffer): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

export function registerImageRoutes(app: FastifyInstance, deps: ImageRouteDeps): void {
  const directories = imageDirectories(deps.dataDir);
  const renditions = createRenditions(directories);

  app.get<{ Params: { version: string; name: string }; Querystring: { format?: unknown } }>(
    '/images/:version/:name',
    async (request, reply) => {
      const { version, name } = request.params;
      const ext = NAME_PATTERN.exec(name)?.[1];
      const original = ext === undefined ? null : formatOfExtension(ext);
      if (!VERSION_PATTERN.test(version) || original === null)
        throw new AppError('IMAGE_NOT_FOUND');
      const { format } = request.query;
      const wanted =
        format === undefined || typeof format === 'string' ? parseFormat(format) : null;
      if (wanted === null) throw new AppError('IMAGE_FORMAT_INVALID');

      let bytes: Buffer;
      let served = original;
      if (wanted.kind === 'original') {
        bytes = await renditions.original(version, original);
      } else {
        served = renditionFormat(request.headers.accept, original);
        bytes = await renditions.rendition({
          version,
          original,
          width: wanted.width,
          format: served,
        });
        void reply.header('vary', 'Accept');
      }
      const etag = contentEtag(bytes);
      void reply
        .header('cache-control', IMMUTABLE)
        .header('etag', etag)
        .type(ORIGINAL_FORMATS[served].contentType);
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.send(bytes);
    },
  );
}
