import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { analyticsEvents } from '../../db/schema-analytics.ts';
import { scriptErrors } from '../../db/schema-telemetry.ts';
import { censusHit, createTelemetryTestApp, rowCount } from './testing/telemetry-app.ts';

const hit = censusHit;

describe('telemetry ingestion under abuse and shutdown', () => {
  it('limits each client IP to TELEMETRY_RATE_LIMIT requests a minute: 429 with the spec message, nothing stored', async () => {
    const harness = await createTelemetryTestApp({ TELEMETRY_RATE_LIMIT: '3' });
    try {
      const codes: number[] = [];
      for (let index = 0; index < 3; index += 1)
        codes.push((await harness.app.inject(hit())).statusCode);
      const limited = await harness.app.inject(hit());
      expect(codes).toEqual([202, 202, 202]);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        error: { code: 'RATE_LIMITED', message: 'Please try again in a few seconds.' },
      });
      expect(await rowCount(harness, analyticsEvents)).toBe(3);
      expect(harness.app.ingestStats.snapshot().rejected['/api/census/RecordHit']).toEqual({
        429: 1,
      });
      // Another client is not affected.
      const other = await harness.app.inject({ ...hit(), remoteAddress: '10.0.0.2' });
      expect(other.statusCode).toBe(202);
    } finally {
      await harness.close();
    }
  });

  it('writes nothing per request, and everything accepted when the app closes (SIGTERM path)', async () => {
    const harness = await createTelemetryTestApp({ TELEMETRY_FLUSH_MS: '60000' });
    let closed = false;
    try {
      for (let index = 0; index < 5; index += 1)
        expect((await harness.app.inject(hit())).statusCode).toBe(202);
      const errors = await harness.app.inject({
        method: 'POST',
        url: '/api/events/RecordJavascriptErrors',
        payload: [{ eventName: 'error', data: JSON.stringify({ message: 'boom' }), timestamp: 0 }],
      });
      expect(errors.statusCode).toBe(202);
      const direct = async (table: typeof analyticsEvents | typeof scriptErrors) =>
        (await harness.database.db.select({ n: count() }).from(table))[0]?.n;
      expect(await direct(analyticsEvents)).toBe(0);
      expect(await direct(scriptErrors)).toBe(0);
      await harness.app.close();
      closed = true;
      expect(await direct(analyticsEvents)).toBe(5);
      expect(await direct(scriptErrors)).toBe(1);
    } finally {
      if (!closed) await harness.app.close();
      await harness.close();
    }
  });

  it('telemetry needs no session or CSRF token, while other POSTs still do', async () => {
    const harness = await createTelemetryTestApp();
    try {
      expect((await harness.app.inject(hit())).statusCode).toBe(202);
      const cart = await harness.app.inject({
        method: 'POST',
        url: '/api/commerce/shopping-cart/entries',
        payload: {},
      });
      expect(cart.statusCode).toBe(403);
    } finally {
      await harness.close();
    }
  });
});
