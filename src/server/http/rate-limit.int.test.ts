import { randomUUID } from 'node:crypto';
import { createConnection } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers/app.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const available = await redisAnswers(REDIS_URL);
if (!available) console.warn(`Skipping shared rate limits: no Redis answers at ${REDIS_URL}.`);

describe.skipIf(!available)('rate limits shared through Redis (REDIS_URL)', () => {
  it('counts one visitor once across two processes', async () => {
    const rateLimit = {
      max: 3,
      timeWindowMs: 60_000,
      redisNamespace: `vitrine-test-${randomUUID()}:`,
    };
    const first = await createTestApp({ env: { REDIS_URL }, rateLimit });
    const second = await createTestApp({ env: { REDIS_URL }, rateLimit });
    try {
      const codes: number[] = [];
      for (const harness of [first, second, first, second]) {
        codes.push((await harness.app.inject('/api/commerce/shopping-cart')).statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 429]);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
