/**
 * A fresh, empty database for one benchmark server: a PGlite data directory in the OS temp
 * directory, or a database of its own (`vitrine_bench_<random>`) created on the PostgreSQL
 * server of BENCH_DATABASE_URL or TEST_DATABASE_URL. Never the database those URLs name: a
 * benchmark fills and then drops what it measures on.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/index.ts';

export type DatabaseVariant = 'pglite' | 'postgres';

export interface BenchDatabase {
  readonly variant: DatabaseVariant;
  /** What the server process needs in its environment to use this database. */
  readonly env: Readonly<Record<string, string>>;
  /** The PostgreSQL database's name (its backends' CPU is read by it); undefined on PGlite. */
  readonly postgresName?: string;
  /** Opens it from the benchmark's own process (PGlite: only while no server holds it). */
  open(): Promise<Database>;
  /** Removes it: the temp directory, or DROP DATABASE. Safe to call more than once. */
  drop(): Promise<void>;
}

export const POSTGRES_SKIP_REASON =
  'no PostgreSQL server: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to postgres://user@host:port/db to run it';

/** The PostgreSQL server benchmarks may create databases on, when one is configured. */
export function postgresServerUrl(): string | undefined {
  const url = (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL)?.trim();
  return url ? url : undefined;
}

/** The same server, another database (the maintenance one, or a bench database). */
function withDatabaseName(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the server's `postgres` maintenance database. */
async function onMaintenanceDatabase(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabaseName(serverUrl, 'postgres') });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function createPglite(): Promise<BenchDatabase> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'vitrine-bench-'));
  return {
    variant: 'pglite',
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ databaseUrl: undefined, dataDir }),
    drop: () => rm(dataDir, { recursive: true, force: true }),
  };
}

async function createPostgres(serverUrl: string): Promise<BenchDatabase> {
  // Only [a-z0-9_]: the name is interpolated into CREATE/DROP DATABASE, which take no parameters.
  const name = `vitrine_bench_${randomBytes(6).toString('hex')}`;
  await onMaintenanceDatabase(serverUrl, `CREATE DATABASE ${name}`);
  const databaseUrl = withDatabaseName(serverUrl, name);
  let dropping: Promise<void> | undefined;
  return {
    variant: 'postgres',
    env: { DATABASE_URL: databaseUrl },
    postgresName: name,
    open: () => openDatabase({ databaseUrl, dataDir: tmpdir() }),
    drop: () =>
      (dropping ??= onMaintenanceDatabase(
        serverUrl,
        `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`,
      )),
  };
}

/** A fresh database of the variant; throws for PostgreSQL when no server is configured. */
export async function createBenchDatabase(variant: DatabaseVariant): Promise<BenchDatabase> {
  if (variant === 'pglite') return createPglite();
  const serverUrl = postgresServerUrl();
  if (!serverUrl) throw new Error(POSTGRES_SKIP_REASON);
  return createPostgres(serverUrl);
}
