/**
 * Liveness and readiness probes for load balancers and orchestrators. They are never rate
 * limited: a probe answered 429 would take a healthy process out of rotation.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/errors.ts';
import { sendError } from './error-handler.ts';

/** A readiness probe must answer quickly even when the database hangs. */
export const READINESS_TIMEOUT_MS = 2_000;

export interface HealthDeps {
  ping(): Promise<void>;
  readinessTimeoutMs?: number;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

export function registerHealthRoutes(app: FastifyInstance, deps: HealthDeps): void {
  const noLimit = { rateLimit: false } as const;

  app.get('/healthz', { config: noLimit, logLevel: 'warn' }, (_request, reply) => {
    return reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });

  app.get('/readyz', { config: noLimit, logLevel: 'warn' }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    try {
      await withTimeout(deps.ping(), deps.readinessTimeoutMs ?? READINESS_TIMEOUT_MS);
      return reply.send({ status: 'ok', database: 'ok' });
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed: database unreachable');
      return sendError(reply, new AppError('DATABASE_UNAVAILABLE'));
    }
  });
}
