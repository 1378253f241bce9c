/**
 * A migrated database of its own for each test file.
 *
 * - Default: an in-memory PGlite cloned from a migrated template. Opening and migrating a fresh
 *   PGlite costs seconds (initdb in WASM); loading the template's data directory costs a
 *   fraction of that. The template is a tarball in the OS temp directory, keyed by the
 *   migrations and the PGlite version, so it is built once per machine and shared by every test
 *   process (Vitest isolates test files, so a per-process cache alone would rebuild it per file).
 * - With TEST_DATABASE_URL: a uniquely named schema on that PostgreSQL server, put first on the
 *   pool's search_path, migrated, and dropped by cleanup().
 *
 * Usage:
 *   let database: Database; let cleanup: () => Promise<void>;
 *   beforeAll(async () => ({ database, cleanup } = await createTestDatabase()));
 *   afterAll(() => cleanup());
 */
import { PGlite } from '@electric-sql/pglite';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe } from 'vitest';
import { migrate, openDatabase, type Database } from '../../src/server/db/index.ts';
import { loadMigrations } from '../../src/server/db/migrate.ts';
import { wrapPglite } from '../../src/server/db/pglite.ts';

export interface TestDatabase {
  database: Database;
  /**
   * Closes the database and removes what it created (the PostgreSQL schema). A property, not a
   * method, so `const { database, cleanup } = …` passes the unbound-method lint.
   */
  cleanup: () => Promise<void>;
  /**
   * PostgreSQL only: a URL for this test database (search_path set to its schema), so a test can
   * open more pools or clients on it, e.g. to race many connections for one row.
   */
  scopedUrl?: string;
}

/** The PostgreSQL server the suites use when set (postgres://…); PGlite otherwise. */
export function testDatabaseUrl(): string | undefined {
  const url = process.env.TEST_DATABASE_URL?.trim();
  return url ? url : undefined;
}

/** A test's query waits this long for one of its pool's connections. */
const TEST_CONNECTION_WAIT_MS = 120_000;

export async function createTestDatabase(): Promise<TestDatabase> {
  const url = testDatabaseUrl();
  return url ? createPostgresTestDatabase(url) : createPgliteTestDatabase();
}

/**
 * `describe` for suites that need a real PostgreSQL server (row locks, concurrency, several
 * connections). Without TEST_DATABASE_URL the suite is skipped and says why.
 */
export function describeWithPostgres(name: string, fn: () => void): void {
  if (testDatabaseUrl()) {
    describe(name, fn);
    return;
  }
  const reason = 'needs PostgreSQL: set TEST_DATABASE_URL=postgres://… to run it';
  console.warn(`Skipping "${name}": ${reason}.`);
  describe.skip(`${name} (skipped: ${reason})`, fn);
}

// ---------------------------------------------------------------------------------------------
// PGlite: clone of a migrated template

const TEMPLATE_PREFIX = 'vitrine-test-template-';

/** Changes whenever a migration or the PGlite version changes, so a stale template is never used. */
function templateKey(): string {
  // The package does not export its package.json; find it beside the resolved entry point.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const packageJson = readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8');
  const hash = createHash('sha256').update(packageJson);
  for (const migration of loadMigrations()) hash.update(`${migration.tag}:${migration.hash}\n`);
  return hash.digest('hex').slice(0, 16);
}

let templateBlob: Promise<Blob> | undefined;

async function createPgliteTestDatabase(): Promise<TestDatabase> {
  templateBlob ??= loadOrBuildTemplate();
  const client = await PGlite.create({ loadDataDir: await templateBlob });
  const database = wrapPglite(client);
  return { database, cleanup: () => database.close() };
}

async function loadOrBuildTemplate(): Promise<Blob> {
  const file = path.join(tmpdir(), `${TEMPLATE_PREFIX}${templateKey()}.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  const client = await PGlite.create();
  try {
    await migrate(wrapPglite(client));
    const tarball = new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer());
    // Write then rename: processes building the template at the same time never see half a file.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.partial`;
    await writeFile(partial, tarball);
    await rename(partial, file);
    await removeOldTemplates(file);
    return new Blob([tarball]);
  } finally {
    await client.close();
  }
}

/** Drops templates of older migrations once they are a day old (other checkouts may use them). */
async function removeOldTemplates(current: string): Promise<void> {
  const dir = path.dirname(current);
  const dayAgo = Date.now() - 24 * 60 * 60 * 1000;
  for (const name of await readdir(dir)) {
    const file = path.join(dir, name);
    if (!name.startsWith(TEMPLATE_PREFIX) || file === current) continue;
    const info = await stat(file).catch(() => undefined);
    if (info && info.mtimeMs < dayAgo) await rm(file, { force: true });
  }
}

function isNotFound(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL: a fresh schema per test database

async function createPostgresTestDatabase(url: string): Promise<TestDatabase> {
  const schemaName = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create schema "${schemaName}"`);
  } finally {
    await admin.end();
  }

  // Every pooled connection starts with the schema first on its search_path.
  const scoped = new URL(url);
  scoped.searchParams.set('options', `-c search_path="${schemaName}"`);
  // Suites send hundreds of requests at once through five connections; on a loaded machine the
  // queue for a connection can pass the production bound (5 s), so a test waits for its turn.
  // The suites about that bound open their own pools (test/reliability/database-restart).
  const database = await openDatabase({
    databaseUrl: scoped.toString(),
    dataDir: '',
    poolSize: 5,
    connectionTimeoutMs: TEST_CONNECTION_WAIT_MS,
  });
  const cleanup = async () => {
    await database.close();
    const dropper = new pg.Client({ connectionString: url });
    await dropper.connect();
    try {
      await dropper.query(`drop schema if exists "${schemaName}" cascade`);
    } finally {
      await dropper.end();
    }
  };
  try {
    await migrate(database);
  } catch (error) {
    await cleanup();
    throw error;
  }
  return { database, cleanup, scopedUrl: scoped.toString() };
}
