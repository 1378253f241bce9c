import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from './error-handler.ts';
import { registerHealthRoutes } from './health-routes.ts';

function appWith(ping: () => Promise<void>) {
  const app = Fastify();
  registerErrorHandling(app);
  registerHealthRoutes(app, { ping, readinessTimeoutMs: 50 });
  return app;
}

describe('health probes', () => {
  it('/healthz answers while the database is down: the process is up', async () => {
    const app = appWith(() => Promise.reject(new Error('down')));
    const response = await app.inject('/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('/readyz is 200 when the database answers', async () => {
    const response = await appWith(() => Promise.resolve()).inject('/readyz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('/readyz is 503 with the catalog body when the database fails', async () => {
    const response = await appWith(() => Promise.reject(new Error('ECONNREFUSED'))).inject(
      '/readyz',
    );
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: {
        code: 'DATABASE_UNAVAILABLE',
        message: 'The store is temporarily unavailable. Please try again in a moment.',
      },
    });
  });

  it('/readyz does not hang when the database hangs', async () => {
    const response = await appWith(() => new Promise<void>(() => undefined)).inject('/readyz');
    expect(response.statusCode).toBe(503);
  });
});
