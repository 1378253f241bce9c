/**
 * Telemetry ingestion under load: census page-view hits (POST /api/census/RecordHit, form
 * fields with the ss_cvr visitor cookie) and page-speed records (POST /api/1/performance/records,
 * a JSON array as navigator.sendBeacon sends it) per second accepted (2xx) and stored, beside
 * the same server's /healthz under the same load. Stored rows are counted in the database after
 * a graceful stop, which flushes the write buffers; the warm-up's rows carry another event name
 * and path, so only the measured run's rows are counted. On PGlite, and on real PostgreSQL when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL names a server.
 * Target (issue #12): ≥ 10,000 hits/s with batched writes.
 */
import { and, count, eq } from 'drizzle-orm';
import { analyticsEvents } from '../src/server/db/schema-analytics.ts';
import { pageSpeedRecords } from '../src/server/db/schema-telemetry.ts';
import {
  createBenchDatabase,
  postgresServerUrl,
  POSTGRES_SKIP_REASON,
  type BenchDatabase,
  type DatabaseVariant,
} from './lib/bench-database.ts';
import {
  benchDurationS,
  freshAddress,
  runLoad,
  warmupDurationS,
  type LoadRequest,
  type LoadResult,
} from './lib/load.ts';
import { printResult, printTable } from './lib/measure.ts';
import { loadColumns, loadFigures, printTargets, round, type Target } from './lib/report.ts';
import { startServer } from './lib/server-process.ts';

const CONNECTIONS = 50;
const HITS_TARGET_PER_S = 10_000;
/** Below the telemetry routes' per-IP limit of 1,200 a minute. */
const TELEMETRY_REQUESTS_PER_ADDRESS = 1_000;
const MEASURED = 'bench-measured';
const WARMUP = 'bench-warmup';

function censusHit(eventName: string): LoadRequest {
  const data = {
    pagePath: '/shop/p/linen-shirt',
    pageTitle: 'Linen Shirt',
    userAgent: 'vitrine-bench',
    viewportWidth: 1280,
    viewportHeight: 720,
    locale: 'en-US',
  };
  return {
    method: 'POST',
    path: '/api/census/RecordHit',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ event: eventName, data: JSON.stringify(data) }).toString(),
  };
}

function pageSpeedRecord(pageLoadId: string, recordPath: string): LoadRequest {
  const record = {
    pageLoadId,
    context: { pageType: 50, templateId: 'bench', language: 'en-US' },
    identity: { hostName: '127.0.0.1', path: recordPath },
    deliveryType: 'beacon',
    connection: { downlink: 10, effectiveType: '4g', rtt: 50, saveData: false },
    display: { pixelRatio: 2, viewportWidth: 412, viewportHeight: 823 },
    collectorVersion: '1.0.0',
    timings: {
      largestContentfulPaint: 1100,
      layoutShift: 0,
      interactionToNextPaint: 80,
      firstContentfulPaint: 700,
      responseStart: 120,
    },
  };
  return {
    method: 'POST',
    path: '/api/1/performance/records',
    // What navigator.sendBeacon sends for a string.
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    body: JSON.stringify([record]),
  };
}

async function issuedPageLoadId(server: string): Promise<string> {
  const response = await fetch(`${server}/api/1/performance/settings`, {
    headers: { 'x-forwarded-for': freshAddress() },
  });
  if (response.status !== 200) throw new Error(`performance settings answered ${response.status}`);
  const { pageLoadId } = (await response.json()) as { pageLoadId: string };
  return pageLoadId;
}

interface Stored {
  readonly hits: number;
  readonly records: number;
}

async function countStored(database: BenchDatabase): Promise<Stored> {
  const handle = await database.open();
  try {
    const [hits] = await handle.db
      .select({ n: count() })
      .from(analyticsEvents)
      .where(and(eq(analyticsEvents.source, 'census'), eq(analyticsEvents.eventName, MEASURED)));
    const [records] = await handle.db
      .select({ n: count() })
      .from(pageSpeedRecords)
      .where(eq(pageSpeedRecords.path, `/${MEASURED}`));
    return { hits: hits?.n ?? 0, records: records?.n ?? 0 };
  } finally {
    await handle.close();
  }
}

interface VariantFigures {
  readonly rows: Record<string, string | number>[];
  readonly targets: Target[];
  readonly result: Record<string, unknown>;
}

/** "stored = accepted", allowing the requests a run's end cut off (the server may finish them). */
function storedMatches(stored: number, run: LoadResult): boolean {
  return stored >= run.ok && stored <= run.ok + run.unanswered;
}

async function measureVariant(variant: DatabaseVariant): Promise<VariantFigures> {
  const database = await createBenchDatabase(variant);
  try {
    const server = await startServer(database);
    let hits: LoadResult;
    let records: LoadResult;
    let health: LoadResult;
    let stopMs: number;
    try {
      const pageLoadId = await issuedPageLoadId(server.url);
      const load = (request: LoadRequest, durationS?: number) =>
        runLoad({
          server: server.url,
          request,
          connections: CONNECTIONS,
          requestsPerAddress: TELEMETRY_REQUESTS_PER_ADDRESS,
          // One visitor cookie per connection, as page views come from many visitors.
          connectionHeaders: (index) => ({ cookie: `ss_cvr=bench-visitor-${index}` }),
          ...(durationS === undefined ? {} : { durationS }),
        });
      await load(censusHit(WARMUP), warmupDurationS());
      hits = await load(censusHit(MEASURED));
      await load(pageSpeedRecord(pageLoadId, `/${WARMUP}`), warmupDurationS());
      records = await load(pageSpeedRecord(pageLoadId, `/${MEASURED}`));
      await load({ path: '/healthz' }, warmupDurationS());
      health = await load({ path: '/healthz' });
    } finally {
      // SIGTERM: the server drains, then writes every buffered row before it exits.
      stopMs = (await server.stop()).stopMs;
    }
    const stored = await countStored(database);

    const rows = [
      {
        database: variant,
        load: 'census RecordHit',
        ...loadColumns(hits, health),
        stored: stored.hits,
        'stored/s': round(stored.hits / hits.durationS),
      },
      {
        database: variant,
        load: 'page-speed records',
        ...loadColumns(records, health),
        stored: stored.records,
        'stored/s': round(stored.records / records.durationS),
      },
      { database: variant, load: 'reference: GET /healthz', ...loadColumns(health) },
    ];
    const targets: Target[] = [
      {
        target: `${variant}: census hits ≥ ${HITS_TARGET_PER_S.toLocaleString('en-US')}/s accepted`,
        measured: `${round(hits.okPerSecond)}/s`,
        met: hits.okPerSecond >= HITS_TARGET_PER_S,
      },
      {
        target: `${variant}: every accepted hit and record stored`,
        measured: `hits ${stored.hits} stored / ${hits.ok} accepted, records ${stored.records} / ${records.ok}`,
        met: storedMatches(stored.hits, hits) && storedMatches(stored.records, records),
      },
      {
        target: `${variant}: no non-2xx, errors or timeouts`,
        measured: `${[hits, records, health].reduce((sum, run) => sum + run.non2xx + run.errors + run.timeouts, 0)}`,
        met: [hits, records, health].every(
          (run) => run.non2xx === 0 && run.errors === 0 && run.timeouts === 0,
        ),
      },
    ];
    const result = {
      censusHits: { ...loadFigures(hits), stored: stored.hits, unanswered: hits.unanswered },
      pageSpeedRecords: {
        ...loadFigures(records),
        stored: stored.records,
        unanswered: records.unanswered,
      },
      healthz: loadFigures(health),
      hitsRatioToHealthz: round(hits.requestsPerSecond / health.requestsPerSecond, 3),
      stopMs: round(stopMs),
    };
    console.log(`${variant}: the server drained, flushed and exited in ${round(stopMs)} ms`);
    return { rows, targets, result };
  } finally {
    await database.drop();
  }
}

const durationS = benchDurationS();
console.log(
  `${CONNECTIONS} connections, ${durationS} s per run${durationS < 10 ? ' (smoke run: BENCH_DURATION_S)' : ''}; load generator and server share this machine.`,
);
const rows: Record<string, string | number>[] = [];
const targets: Target[] = [];
const result: Record<string, unknown> = {
  benchmark: 'ingest',
  durationS,
  connections: CONNECTIONS,
};
for (const variant of ['pglite', 'postgres'] as const) {
  if (variant === 'postgres' && !postgresServerUrl()) {
    console.log(`postgres: skipped, ${POSTGRES_SKIP_REASON}.`);
    result[variant] = { skipped: true, reason: POSTGRES_SKIP_REASON };
    continue;
  }
  const figures = await measureVariant(variant);
  rows.push(...figures.rows);
  targets.push(...figures.targets);
  result[variant] = figures.result;
}
printTable(rows);
printTargets(targets);
printResult({ ...result, targetsMet: targets.every((target) => target.met) });
