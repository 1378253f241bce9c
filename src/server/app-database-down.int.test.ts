/**
 * With the database unreachable, requests fail fast with 503 and a clear message: API calls
 * as JSON, pages as a readable error page; /healthz still answers (the process is up).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/helpers/app.ts';
import { createApp } from './app.ts';
import { openDatabase, type Database } from './db/index.ts';
import type { FastifyInstance } from 'fastify';

const MESSAGE = 'The store is temporarily unavailable. Please try again in a moment.';
let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  // Port 1 refuses connections at once: a database that is down.
  database = await openDatabase({
    databaseUrl: 'postgres://postgres@127.0.0.1:1/none',
    dataDir: '',
  });
  app = await createApp({ config: testConfig(), database, logger: false });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('database unreachable', () => {
  it('answers API calls with 503 and the catalog body', async () => {
    const response = await app.inject('/api/commerce/shopping-cart');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: { code: 'DATABASE_UNAVAILABLE', message: MESSAGE } });
  });

  it('answers pages with a 503 error page (page type 101)', async () => {
    const response = await app.inject('/shop/p/linen-shirt');
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('data-page-type="101"');
    expect(response.body).toContain(MESSAGE);
  });

  it('keeps /healthz up and /readyz at 503', async () => {
    expect((await app.inject('/healthz')).statusCode).toBe(200);
    expect((await app.inject('/readyz')).statusCode).toBe(503);
  });
});
