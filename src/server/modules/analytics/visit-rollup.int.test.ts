/**
 * The writer's batch SQL for visits (docs/adr/015-analytics-daily-rollup.md): a busy visitor's
 * views written in many small batches, in time order and then late (before the first view, into
 * a gap that joins two visits, on an existing view's very time), leave the rollup holding exactly
 * the visits a rebuild from the raw rows counts, although each batch reads only the latest
 * earlier view of the visitor. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/helpers/app.ts';
import { analyticsDaily } from '../../db/schema-analytics-daily.ts';
import { rebuildDailyRollup } from './daily-rollup.ts';
import { createAnalyticsWriter, type AnalyticsRow } from './event-store.ts';
import { createTelemetryTestApp, siteId } from './testing/telemetry-app.ts';

let harness: TestApp;
let site: string;

beforeAll(async () => {
  harness = await createTelemetryTestApp({ TELEMETRY_BATCH_ROWS: '5' });
  site = await siteId(harness);
});
afterAll(() => harness.close());

const START = Date.UTC(2026, 2, 10, 9, 0);
const MINUTE = 60_000;

function view(minute: number, referrer?: string): AnalyticsRow {
  return {
    siteId: site,
    source: 'census',
    kind: 'page_view',
    eventName: 'view',
    visitorId: 'busy-visitor',
    pagePath: '/',
    productId: null,
    occurredAt: new Date(START + minute * MINUTE),
    data: referrer === undefined ? { pagePath: '/' } : { pagePath: '/', referrer },
  };
}

async function visitRows() {
  return harness.database.db
    .select({ day: analyticsDaily.day, key: analyticsDaily.key, events: analyticsDaily.events })
    .from(analyticsDaily)
    .where(and(eq(analyticsDaily.siteId, site), eq(analyticsDaily.metric, 'visit')))
    .orderBy(asc(analyticsDaily.day), asc(analyticsDaily.key));
}

/** Visits by the raw rule: a view starts one when the previous is more than 30 minutes older. */
function visitsOf(minutes: readonly number[]): number {
  const sorted = [...minutes].sort((a, b) => a - b);
  return sorted.filter((minute, index) => index === 0 || minute - (sorted[index - 1] ?? 0) > 30)
    .length;
}

describe('visit counts written batch by batch', () => {
  it('equal a rebuild from the raw rows, with views written in order and late', async () => {
    const writer = createAnalyticsWriter(harness.database, harness.config, harness.app.log);
    // Every 2 minutes for an hour, a 50-minute gap, then every 3 minutes for an hour.
    const inOrder = [
      ...Array.from({ length: 31 }, (_, i) => i * 2),
      ...Array.from({ length: 21 }, (_, i) => 110 + i * 3),
    ];
    const late = [-45, 85, 84, 110, 300];
    const minutes = [...inOrder, ...late];
    for (let start = 0; start < inOrder.length; start += 5) {
      writer.add(
        inOrder
          .slice(start, start + 5)
          .map((minute) =>
            view(minute, minute < 110 ? 'https://a.example/' : 'https://b.example/'),
          ),
      );
      await writer.flush();
    }
    for (const minute of late) {
      writer.add([view(minute, 'https://late.example/')]);
      await writer.flush();
    }
    await writer.close();

    const written = await visitRows();
    const total = written.reduce((sum, row) => sum + row.events, 0);
    // -45 alone; 0–60 and 84/85 join into 110–170 (gaps 24 and 25 minutes); 300 alone. The
    // visit b.example began at 110 is no more: its row is gone, not left at 0.
    expect(visitsOf(minutes)).toBe(3);
    expect(total).toBe(3);
    expect(written.map((row) => row.key).sort()).toEqual(['a.example', 'late.example']);
    expect(written.every((row) => row.events > 0)).toBe(true);

    await rebuildDailyRollup(harness.database.db, site);
    expect(await visitRows()).toEqual(written);
  });
});
