/**
 * Storefront pages under load: the demo's product page, collection and home served by a real
 * `vitrine serve-demo` process (NODE_ENV=production), 50 connections as distinct clients, beside
 * the floor we cannot beat: a static file with the product page's bytes, served by the same
 * Fastify instance from the client assets directory. On PGlite, and on real PostgreSQL when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL names a server.
 * Targets (issue #12): product page ≥ 40% of the floor's requests/s, p99 ≤ 50 ms.
 */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CLIENT_DIST_DIR } from '../src/server/render/client-assets.ts';
import {
  createBenchDatabase,
  postgresServerUrl,
  POSTGRES_SKIP_REASON,
  type DatabaseVariant,
} from './lib/bench-database.ts';
import { benchDurationS, runLoad, warmupDurationS, type LoadResult } from './lib/load.ts';
import { printResult, printTable } from './lib/measure.ts';
import { loadColumns, loadFigures, printTargets, round, type Target } from './lib/report.ts';
import { startServer } from './lib/server-process.ts';

const CONNECTIONS = 50;
const PAGES = [
  { key: 'product', name: 'product page', path: '/shop/p/linen-shirt' },
  { key: 'collection', name: 'collection', path: '/shop' },
  { key: 'home', name: 'home', path: '/' },
] as const;
const FLOOR_RATIO_TARGET = 0.4;
const P99_TARGET_MS = 50;

// The static route serves dist/client/assets under /assets/; the pid keeps parallel runs apart.
const FLOOR_FILE = `bench-floor-${process.pid}.html`;
const FLOOR_PATH = path.join(CLIENT_DIST_DIR, 'assets', FLOOR_FILE);

async function fetchBody(url: string): Promise<string> {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return response.text();
}

interface VariantFigures {
  readonly rows: Record<string, string | number>[];
  readonly targets: Target[];
  readonly result: Record<string, unknown>;
}

async function measureVariant(variant: DatabaseVariant): Promise<VariantFigures> {
  const database = await createBenchDatabase(variant);
  const server = await startServer(database).catch(async (error: unknown) => {
    await database.drop();
    throw error;
  });
  try {
    const productBody = await fetchBody(server.url + PAGES[0].path);
    await writeFile(FLOOR_PATH, productBody);
    const floorBody = await fetchBody(`${server.url}/assets/${FLOOR_FILE}`);
    if (floorBody !== productBody) throw new Error('the static floor file is not the product page');
    const bytes = Buffer.byteLength(productBody);

    const load = (urlPath: string, durationS?: number) =>
      runLoad({
        server: server.url,
        request: { path: urlPath },
        connections: CONNECTIONS,
        ...(durationS === undefined ? {} : { durationS }),
      });
    const floorPath = `/assets/${FLOOR_FILE}`;
    for (const target of [floorPath, ...PAGES.map((page) => page.path)])
      await load(target, warmupDurationS());

    // The floor before and after the pages: a machine busy with other work slows both alike.
    const floorBefore = await load(floorPath);
    const pages: LoadResult[] = [];
    for (const page of PAGES) pages.push(await load(page.path));
    const floorAfter = await load(floorPath);
    const floorRps = (floorBefore.requestsPerSecond + floorAfter.requestsPerSecond) / 2;
    const floor: LoadResult = { ...floorBefore, requestsPerSecond: floorRps };

    const rows: Record<string, string | number>[] = [
      { database: variant, page: 'static floor (before)', bytes, ...loadColumns(floorBefore) },
      { database: variant, page: 'static floor (after)', bytes, ...loadColumns(floorAfter) },
    ];
    const result: Record<string, unknown> = {
      bytes,
      floor: {
        rps: round(floorRps),
        before: loadFigures(floorBefore),
        after: loadFigures(floorAfter),
      },
    };
    PAGES.forEach((page, i) => {
      const measured = pages[i];
      if (!measured) return;
      rows.push({ database: variant, page: page.name, bytes: '', ...loadColumns(measured, floor) });
      result[page.key] = {
        ...loadFigures(measured),
        ratioToFloor: round(measured.requestsPerSecond / floorRps, 3),
      };
    });

    const product = pages[0];
    const targets: Target[] = product
      ? [
          {
            target: `${variant}: product page ≥ ${FLOOR_RATIO_TARGET * 100}% of the floor's requests/s`,
            measured: `${round((product.requestsPerSecond / floorRps) * 100, 1)}% (${round(product.requestsPerSecond)} vs ${round(floorRps)})`,
            met: product.requestsPerSecond >= FLOOR_RATIO_TARGET * floorRps,
          },
          {
            target: `${variant}: product page p99 ≤ ${P99_TARGET_MS} ms`,
            measured: `${round(product.p99Ms, 1)} ms`,
            met: product.p99Ms <= P99_TARGET_MS,
          },
          {
            target: `${variant}: every response 2xx`,
            measured: `${[floorBefore, ...pages, floorAfter].reduce((sum, run) => sum + run.non2xx + run.errors + run.timeouts, 0)} non-2xx, errors or timeouts`,
            met: [floorBefore, ...pages, floorAfter].every(
              (run) => run.non2xx === 0 && run.errors === 0 && run.timeouts === 0,
            ),
          },
        ]
      : [];
    return { rows, targets, result };
  } finally {
    await rm(FLOOR_PATH, { force: true });
    const stopped = await server.stop();
    await database.drop();
    if (stopped.exitCode !== 0)
      console.error(`the ${variant} server exited with ${stopped.exitCode ?? stopped.signal}`);
  }
}

const durationS = benchDurationS();
console.log(
  `${CONNECTIONS} connections, ${durationS} s per run${durationS < 10 ? ' (smoke run: BENCH_DURATION_S)' : ''}; load generator and server share this machine.`,
);
const rows: Record<string, string | number>[] = [];
const targets: Target[] = [];
const result: Record<string, unknown> = { benchmark: 'pages', durationS, connections: CONNECTIONS };
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
