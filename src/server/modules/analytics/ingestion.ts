/**
 * Shared plumbing of the telemetry ingestion routes (census, events, page speed, script
 * errors): an encapsulated Fastify scope with its own text/plain parser (sendBeacon bodies),
 * per-route options (no CSRF by design, a per-IP rate limit, a body limit) and a hook that
 * counts every refused request. Also the registry of batch writers that the app flushes on
 * close and tests flush on demand (`app.flushIngestion()`).
 */
import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import { AppError } from '../../../shared/errors.ts';
import type { Config } from '../../config.ts';
import type { BatchWriter } from './batch-writer.ts';
import { IngestStats } from './ingest-stats.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes every telemetry row accepted so far (tests; shutdown does it by itself). */
    flushIngestion(): Promise<void>;
    /** Counters of accepted and refused telemetry requests. */
    ingestStats: IngestStats;
  }
}

interface Flushable {
  readonly name: string;
  flush(): Promise<void>;
  close(): Promise<void>;
  stats(): ReturnType<BatchWriter<unknown>['stats']>;
}

const writersByApp = new WeakMap<FastifyInstance, Flushable[]>();

/** Sets up the registry once per app: flush-on-demand, stats, and flush on close. */
function ensureRegistry(app: FastifyInstance): Flushable[] {
  const existing = writersByApp.get(app);
  if (existing) return existing;
  const writers: Flushable[] = [];
  writersByApp.set(app, writers);
  app.decorate('ingestStats', new IngestStats());
  app.decorate('flushIngestion', async () => {
    await Promise.all(writers.map((writer) => writer.flush()));
  });
  // onClose runs after the server stopped taking requests and before the database is closed
  // (main.ts closes the app first), so everything accepted is written before exit.
  app.addHook('onClose', async () => {
    await Promise.all(writers.map((writer) => writer.close()));
  });
  return writers;
}

export function registerIngestionWriter(app: FastifyInstance, writer: Flushable): void {
  ensureRegistry(app).push(writer);
}

export function ingestionWriterStats(
  app: FastifyInstance,
): Record<string, ReturnType<Flushable['stats']>> {
  return Object.fromEntries(
    (writersByApp.get(app) ?? []).map((writer) => [writer.name, writer.stats()]),
  );
}

/**
 * Queues rows, or answers 503 with Retry-After when a stop could not write them in time (the
 * database is behind): docs/behaviour/telemetry.md#backpressure.
 */
export function enqueue<T>(writer: BatchWriter<T>, rows: readonly T[]): void {
  if (!writer.add(rows)) {
    throw new AppError('TELEMETRY_BUSY', { retryAfterS: writer.retryAfterS() });
  }
}

/** Route options every ingestion endpoint shares. */
export function ingestionRouteOptions(config: Config, bodyLimit: number): RouteShorthandOptions {
  return {
    bodyLimit,
    config: {
      csrf: false,
      // A beacon's answer is no document: no helmet headers (http/security-headers.ts).
      securityHeaders: 'data',
      rateLimit: { max: config.telemetry.rateLimitPerMinute, timeWindow: 60_000 },
    },
  };
}

/**
 * Runs `register` inside a scope where text/plain bodies are read as strings (up to each route's
 * bodyLimit) and every 4xx answer, and every 503 (the writer is behind), is counted as a refused
 * hit. Success answers are counted by
 * the handlers, which know how many rows a request carried.
 */
export async function registerIngestionScope(
  app: FastifyInstance,
  register: (scope: FastifyInstance) => void,
): Promise<void> {
  ensureRegistry(app);
  const stats = app.ingestStats;
  await app.register(async (scope) => {
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
      done(null, body);
    });
    scope.addHook('onResponse', async (request, reply) => {
      if ((reply.statusCode >= 400 && reply.statusCode < 500) || reply.statusCode === 503) {
        stats.reject(request.routeOptions.url ?? 'unknown', reply.statusCode);
      }
    });
    register(scope);
  });
}
