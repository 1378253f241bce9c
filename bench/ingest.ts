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
import {
  budgetVerdict,
  costPerRequest,
  partyColumns,
  partyFigures,
  readParties,
  type PartyCost,
} from './lib/cpu-parties.ts';

const CONNECTIONS = 50;
const HITS_TARGET_PER_S = 10_000;
/** Below the telemetry routes' per-IP limit of 1,200 a minute. */
const TELEMETRY_REQUESTS_PER_ADDRESS = 1_000;
const MEASURED = 'bench-measured';
const WARMUP = 'bench-warmup';
/** Issue #26: census and page-speed ingestion at ≥ 0.80× /healthz's rate in the same run. */
const RATIO_TARGET = 0.8;

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
  /** CPU ms per request by party, the rates their sums allow, and the server side's over /healthz. */
  readonly cpuRows: Record<string, string | number>[];
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
    const cost: Record<'hits' | 'records' | 'health', PartyCost | undefined> = {
      hits: undefined,
      records: undefined,
      health: undefined,
    };
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
      // Each party's CPU over a measured run and its settling, per request handled. The writer's
      // inserts of a run's rows mostly land within it: its queue holds at most 5 s of writes.
      const measured = async (request: LoadRequest, key: keyof typeof cost) => {
        const before = readParties(server.pid, database.postgresName);
        const result = await load(request);
        const after = readParties(server.pid, database.postgresName);
        cost[key] = costPerRequest(before, after, result.responses + result.unanswered);
        return result;
      };
      await load(censusHit(WARMUP), warmupDurationS());
      hits = await measured(censusHit(MEASURED), 'hits');
      await load(pageSpeedRecord(pageLoadId, `/${WARMUP}`), warmupDurationS());
      records = await measured(pageSpeedRecord(pageLoadId, `/${MEASURED}`), 'records');
      await load({ path: '/healthz' }, warmupDurationS());
      health = await measured({ path: '/healthz' }, 'health');
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
    const cpuRows = [
      {
        database: variant,
        load: 'census RecordHit',
        ...partyColumns(cost.hits, hits.requestsPerSecond, health.requestsPerSecond),
      },
      {
        database: variant,
        load: 'page-speed records',
        ...partyColumns(cost.records, records.requestsPerSecond, health.requestsPerSecond),
      },
      {
        database: variant,
        load: 'reference: GET /healthz',
        ...partyColumns(cost.health, health.requestsPerSecond),
      },
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
      healthz: { ...loadFigures(health), cpuPerRequestByParty: partyFigures(cost.health) },
      censusCpuPerRequestByParty: partyFigures(cost.hits),
      pageSpeedCpuPerRequestByParty: partyFigures(cost.records),
      hitsRatioToHealthz: round(hits.requestsPerSecond / health.requestsPerSecond, 3),
      stopMs: round(stopMs),
    };
    console.log(`${variant}: the server drained, flushed and exited in ${round(stopMs)} ms`);
    for (const [name, run] of [
      ['census hits', 'hits'],
      ['page-speed records', 'records'],
    ] as const) {
      const verdict = budgetVerdict(
        `${variant}: issue #26: ${name}`,
        cost[run],
        cost.health,
        RATIO_TARGET,
      );
      if (verdict) console.log(verdict);
    }
    return { rows, cpuRows, targets, result };
  } finally {
    await database.drop();
  }
}

const durationS = benchDurationS();
console.log(
  `${CONNECTIONS} connections, ${durationS} s per run${durationS < 10 ? ' (smoke run: BENCH_DURATION_S)' : ''}; load generator and server share this machine.`,
);
const rows: Record<string, string | number>[] = [];
const cpuRows: Record<string, string | number>[] = [];
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
  cpuRows.push(...figures.cpuRows);
  targets.push(...figures.targets);
  result[variant] = figures.result;
}
printTable(rows);
console.log(
  'CPU ms per request by party (server process, PostgreSQL for this database, this load generator) and the rates their sums allow on this machine (the verdicts above compare each sum with /healthz’s):',
);
printTable(cpuRows);
printTargets(targets);
printResult({ ...result, targetsMet: targets.every((target) => target.met) });
