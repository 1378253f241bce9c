/**
 * Per-IP request limits with the spec's 429 message. Counters live in process memory; a
 * deployment of several processes shares them through Redis (REDIS_URL) so a visitor cannot
 * multiply the limit by the number of processes.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from '../../shared/errors.ts';

export interface RateLimitOptions {
  /** Requests allowed per window for one client IP across all rate-limited routes. */
  readonly max: number;
  readonly timeWindowMs: number;
  /** Shared counters; unset: this process's memory. */
  readonly redisUrl?: string | undefined;
  /** Key prefix in Redis, so tests and several sites on one Redis stay apart. */
  readonly redisNamespace?: string;
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { max: 600, timeWindowMs: 60_000 };

/** A Redis command must not hold a request up: past this the limiter lets the request through. */
const REDIS_COMMAND_TIMEOUT_MS = 500;

export async function registerRateLimit(
  app: FastifyInstance,
  options: RateLimitOptions,
): Promise<void> {
  let redis: Redis | undefined;
  if (options.redisUrl) {
    redis = new Redis(options.redisUrl, {
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      lazyConnect: false,
    });
    // A Redis outage degrades to no shared limit, logged; it never fails shoppers' requests.
    redis.on('error', (error: Error) =>
      app.log.warn({ err: error }, 'rate-limit store unavailable'),
    );
    const client = redis;
    app.addHook('onClose', async () => {
      client.disconnect();
    });
  }
  await app.register(rateLimit, {
    global: true,
    max: options.max,
    timeWindow: options.timeWindowMs,
    ...(redis
      ? { redis, nameSpace: options.redisNamespace ?? 'vitrine-rl:', skipOnError: true }
      : {}),
    // request.ip honours TRUSTED_PROXIES only: X-Forwarded-For from anyone else is ignored.
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: (_request, context) => {
      const error = new AppError('RATE_LIMITED');
      return Object.assign(error, { statusCode: context.statusCode });
    },
  });
}
