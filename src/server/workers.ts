/**
 * `vitrine serve --workers N`: N server processes on one port through Node's cluster module
 * (docs/scaling.md). The primary serves nothing itself: it migrates (and imports the demo into
 * an empty database) once, sizes each worker's pool so every worker together stays under the
 * PostgreSQL server's `max_connections`, forks the workers, replaces one that dies, and on
 * SIGTERM/SIGINT asks every worker to drain (each stops accepting, finishes its requests,
 * closes its pool) and exits when they all have. PostgreSQL only: the embedded database
 * belongs to one process.
 */
import cluster, { type Worker } from 'node:cluster';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/index.ts';
import { WorkersRefusal } from './workers-option.ts';

/** Connections left to everything but the workers: the CLI beside the servers, psql, backups. */
export const CONNECTION_HEADROOM = { min: 5, share: 0.1 } as const;
/** Fewer connections than this per worker and a checkout would wait on its own pool. */
export const MIN_POOL_PER_WORKER = 2;

export interface ConnectionLimits {
  /** SHOW max_connections */
  readonly maxConnections: number;
  /** SHOW superuser_reserved_connections: slots ordinary roles cannot use. */
  readonly reservedConnections: number;
}

/**
 * Each worker's pool: at most what was asked (DATABASE_POOL_SIZE), and at most its share of the
 * server's connections after the reserved slots and the headroom, counting the one connection
 * each worker keeps listening for site changes (http/site-changes.ts).
 */
export function poolSizePerWorker(
  limits: ConnectionLimits,
  workers: number,
  requested: number,
): number {
  const usable = limits.maxConnections - limits.reservedConnections;
  const headroom = Math.max(CONNECTION_HEADROOM.min, Math.ceil(usable * CONNECTION_HEADROOM.share));
  const share = Math.floor((usable - headroom) / workers) - 1;
  if (share < MIN_POOL_PER_WORKER)
    throw new WorkersRefusal(
      `${workers} workers need ${workers * (MIN_POOL_PER_WORKER + 1) + headroom} connections at ` +
        `least, and the PostgreSQL server allows ${usable} (max_connections ` +
        `${limits.maxConnections}, ${limits.reservedConnections} reserved): ask for fewer ` +
        `workers or raise max_connections.`,
    );
  return Math.min(requested, share);
}

export async function readConnectionLimits(database: Database): Promise<ConnectionLimits> {
  const setting = async (name: 'max_connections' | 'superuser_reserved_connections') => {
    const result = await database.db.execute(sql`select current_setting(${name})::int as value`);
    const [row] = z
      .array(z.object({ value: z.number() }))
      .parse((result as { rows: unknown[] }).rows);
    if (row === undefined) throw new Error(`PostgreSQL did not answer ${name}`);
    return row.value;
  };
  return {
    maxConnections: await setting('max_connections'),
    reservedConnections: await setting('superuser_reserved_connections'),
  };
}

export interface PrimaryOptions {
  readonly workers: number;
  /** Migrates and, if asked, imports the demo: once, before any worker starts. */
  readonly prepare: (database: Database) => Promise<void>;
  readonly say: (line: string) => void;
}

/** Whether this process is a worker forked by runPrimary (it then serves as one process does). */
export function isWorkerProcess(): boolean {
  return cluster.isWorker;
}

/**
 * The primary: prepares the database, forks the workers with their pool size, says where they
 * serve once every one listens, and drains them all on SIGTERM/SIGINT.
 */
export async function runPrimary(config: Config, options: PrimaryOptions): Promise<void> {
  if (config.databaseUrl === undefined)
    throw new WorkersRefusal(
      `--workers ${options.workers} needs PostgreSQL (DATABASE_URL): the embedded database ` +
        'belongs to one process. Set DATABASE_URL, or serve without --workers.',
    );
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 1,
  });
  let poolSize: number;
  try {
    await options.prepare(database);
    poolSize = poolSizePerWorker(
      await readConnectionLimits(database),
      options.workers,
      config.database.poolSize,
    );
  } finally {
    await database.close();
  }
  options.say(
    `Starting ${options.workers} worker processes, each with a pool of ${poolSize} connections…`,
  );
  await superviseWorkers(options.workers, { DATABASE_POOL_SIZE: String(poolSize) }, options.say);
}

function superviseWorkers(
  count: number,
  env: Record<string, string>,
  say: (line: string) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let stopping = false;
    let failed = false;
    let announced = false;
    const listening = new Set<Worker>();

    const fork = () => {
      const worker = cluster.fork(env);
      worker.once('listening', (address) => {
        listening.add(worker);
        if (!announced && listening.size === count) {
          announced = true;
          say(`Vitrine is serving http://localhost:${address.port} with ${count} worker processes`);
        }
      });
      worker.once('exit', (code, signal) => {
        const served = listening.delete(worker);
        if (stopping) {
          if (code !== 0) failed = true;
          if (Object.keys(cluster.workers ?? {}).length === 0) {
            process.exitCode = failed ? 1 : 0;
            resolve();
          }
          return;
        }
        if (!served) {
          // A worker that never listened would fail again: stop them all and say why.
          stop();
          reject(
            new WorkersRefusal(
              `A worker process exited (${signal ?? code}) before serving; see its messages above.`,
            ),
          );
          return;
        }
        say(`Worker ${worker.process.pid} exited (${signal ?? code}); starting another.`);
        fork();
      });
    };

    const stop = () => {
      if (stopping) return;
      stopping = true;
      // Each worker drains on SIGTERM: stops accepting, finishes its requests, closes its pool.
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
      if (Object.keys(cluster.workers ?? {}).length === 0) resolve();
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
    for (let i = 0; i < count; i += 1) fork();
  });
}
