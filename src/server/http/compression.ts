/**
 * Compressed responses: pages, JSON and static assets go out as Brotli or gzip when the browser
 * accepts them and the body is large enough to gain from it. Brotli runs at quality 4 rather
 * than its default 11: pages are compressed on every request, and quality 11 costs tens of
 * milliseconds of CPU per page for a few percent of size.
 */
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Bodies smaller than this go out as they are: compressing them gains less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
