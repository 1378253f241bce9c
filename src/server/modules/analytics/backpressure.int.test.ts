/**
 * Telemetry ingestion says no when it cannot keep up (docs/behaviour/telemetry.md#backpressure):
 * with the database's writes held back, the routes accept no more than a stop could write within
 * TELEMETRY_DRAIN_MS, answer the rest 503 with Retry-After, and a stop then stores every hit
 * that was accepted. The writer is held by a gate the test opens, never by a clock. Runs on
 * PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { analyticsEvents } from '../../db/schema-analytics.ts';
import type { Database } from '../../db/index.ts';
import { censusHit, createTelemetryTestApp } from './testing/telemetry-app.ts';

const hit = censusHit;

/** Holds every transaction (the analytics writer's batches) until `open` is called. */
function holdWrites(database: Database): { open: () => void; started: () => number } {
  const original = database.withTransaction.bind(database);
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let started = 0;
  database.withTransaction = async (fn) => {
    started += 1;
    await gate;
    return original(fn);
  };
  return { open, started: () => started };
}

async function storedRows(database: Database): Promise<number> {
  const [row] = await database.db.select({ n: count() }).from(analyticsEvents);
  return row?.n ?? 0;
}

describe('telemetry backpressure', () => {
  it('refuses with 503 and Retry-After what a stop could not write, and stores everything it accepted', async () => {
    // Batches of 5; before any write has succeeded the writer assumes one batch per 250 ms, so a
    // 500 ms stop budget holds at most 10 rows, and never fewer than one batch.
    const harness = await createTelemetryTestApp({
      TELEMETRY_BATCH_ROWS: '5',
      TELEMETRY_DRAIN_MS: '500',
    });
    let closed = false;
    try {
      const writes = holdWrites(harness.database);
      const answers = [];
      for (let index = 0; index < 25; index += 1) answers.push(await harness.app.inject(hit()));
      const accepted = answers.filter((answer) => answer.statusCode === 202).length;
      const refused = answers.filter((answer) => answer.statusCode === 503);

      expect(writes.started()).toBeGreaterThan(0);
      expect(answers.slice(0, 5).map((answer) => answer.statusCode)).toEqual([
        202, 202, 202, 202, 202,
      ]);
      expect(accepted).toBeLessThanOrEqual(10);
      expect(accepted + refused.length).toBe(25);
      for (const answer of refused) {
        expect(answer.json()).toEqual({
          error: { code: 'TELEMETRY_BUSY', message: 'Telemetry is busy. Please try again later.' },
        });
        expect(answer.headers['retry-after']).toMatch(/^[1-9][0-9]*$/);
        expect(Number(answer.headers['retry-after'])).toBeLessThanOrEqual(60);
      }
      expect(harness.app.ingestStats.snapshot().rejected['/api/census/RecordHit']).toEqual({
        503: refused.length,
      });
      expect(await storedRows(harness.database)).toBe(0);

      // The database catches up: hits are accepted again.
      writes.open();
      await harness.app.flushIngestion();
      expect(await storedRows(harness.database)).toBe(accepted);
      expect((await harness.app.inject(hit())).statusCode).toBe(202);

      // A stop (SIGTERM closes the app) writes the one accepted since.
      await harness.app.close();
      closed = true;
      expect(await storedRows(harness.database)).toBe(accepted + 1);
    } finally {
      if (!closed) await harness.app.close();
      await harness.close();
    }
  });

  it('a stop while writes are held back still stores every accepted hit once the database answers', async () => {
    const harness = await createTelemetryTestApp({
      TELEMETRY_BATCH_ROWS: '4',
      TELEMETRY_DRAIN_MS: '1000',
    });
    let closed = false;
    try {
      const writes = holdWrites(harness.database);
      let accepted = 0;
      for (let index = 0; index < 30; index += 1) {
        const answer = await harness.app.inject(hit());
        expect([202, 503]).toContain(answer.statusCode);
        if (answer.statusCode === 202) accepted += 1;
      }
      expect(accepted).toBeGreaterThanOrEqual(4);
      const stopping = harness.app.close();
      writes.open();
      await stopping;
      closed = true;
      expect(await storedRows(harness.database)).toBe(accepted);
    } finally {
      if (!closed) await harness.app.close();
      await harness.close();
    }
  });
});
