/**
 * A migrated database of its own for each test file.
 *
 * - Default: an in-memory PGlite cloned from a migrated template. Opening and migrating a fresh
 *   PGlite costs seconds (initdb in WASM); loading the template's data directory costs a
 *   fraction of that. The template is a tarball in the OS temp directory, keyed by the
 *   migrations and the PGlite version, so it is built once per machine and shared by every test
 *   process (Vitest isolates test files, so a per-process cache alone would rebuild it per file).
 * - With TEST_DATABASE_URL: a uniquely named database on that PostgreSQL server, cloned from a
 *   migrated template database (`CREATE DATABASE … TEMPLATE`, built once per migration set by
 *   whichever test process comes first), and dropped by cleanup(). Migrating a new schema cost
 *   the server about ten times what the clone does.
 *
 * Usage:
 *   let database: Database; let cleanup: () => Promise<void>;
 *   beforeAll(async () => ({ database, cleanup } = await createTestDatabase()));
 *   afterAll(() => cleanup());
 */
import { PGlite } from '@electric-sql/pglite';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  cp,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
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
   * PostgreSQL only: a URL for this test database, so a test can
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
export const TEST_CONNECTION_WAIT_MS = 120_000;

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

/**
 * A new data directory (DATA_DIR) whose embedded database is already migrated, for tests of
 * commands and processes that open it themselves: a copy of a migrated directory built once per
 * machine from the template. A fresh directory costs each process an initdb and every migration
 * (about 17 s of CPU against 5 s for `vitrine migrate`). Tests of a first start use an empty one.
 */
export async function migratedDataDir(prefix = 'vitrine-test-data-'): Promise<string> {
  const source = await migratedPgliteDir();
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  await cp(source, path.join(dir, 'pglite'), { recursive: true });
  return dir;
}

async function migratedPgliteDir(): Promise<string> {
  const dir = path.join(tmpdir(), `${TEMPLATE_PREFIX}${templateKey()}.pglite`);
  if (await stat(path.join(dir, 'PG_VERSION')).catch(() => undefined)) return dir;
  // Built aside and renamed: processes building it at the same time never see half of it.
  const partial = `${dir}.${process.pid}.${randomBytes(4).toString('hex')}.partial`;
  await mkdir(partial, { recursive: true });
  templateBlob ??= loadOrBuildTemplate();
  const client = await PGlite.create({ dataDir: partial, loadDataDir: await templateBlob });
  await client.close();
  try {
    await rename(partial, dir);
  } catch (error) {
    // Another process renamed its copy first: theirs is as good.
    await rm(partial, { recursive: true, force: true });
    if (!(await stat(path.join(dir, 'PG_VERSION')).catch(() => undefined))) throw error;
  }
  return dir;
}

/**
 * Drops templates (tarballs and migrated directories) of older migrations once they are a day
 * old (other checkouts may use them).
 */
async function removeOldTemplates(current: string): Promise<void> {
  const dir = path.dirname(current);
  const currentKey = path.basename(current, '.tar');
  const dayAgo = Date.now() - 24 * 60 * 60 * 1000;
  for (const name of await readdir(dir)) {
    const file = path.join(dir, name);
    if (!name.startsWith(TEMPLATE_PREFIX) || name.startsWith(currentKey)) continue;
    const info = await stat(file).catch(() => undefined);
    if (info && info.mtimeMs < dayAgo) await rm(file, { recursive: true, force: true });
  }
}

function isNotFound(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL: a database of its own per test, cloned from a migrated template database

const PG_TEMPLATE_PREFIX = 'vitrine_test_template_';
/** First key of the session advisory lock held while a template is built ('VTTP'). */
const PG_TEMPLATE_LOCK = 0x56545450;

async function withAdminClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

function databaseUrlFor(url: string, databaseName: string): string {
  const scoped = new URL(url);
  scoped.pathname = `/${databaseName}`;
  return scoped.toString();
}

let postgresTemplate: Promise<string> | undefined;

async function createPostgresTestDatabase(url: string): Promise<TestDatabase> {
  postgresTemplate ??= ensurePostgresTemplate(url);
  const template = await postgresTemplate;
  const databaseName = `vitrine_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  // A file copy of the migrated template: a fraction of the statements migrating a new schema
  // costs the server, and nothing is shared with another test database.
  await withAdminClient(url, (admin) =>
    admin.query(`create database "${databaseName}" template "${template}"`),
  );
  const scopedUrl = databaseUrlFor(url, databaseName);
  // Suites send hundreds of requests at once through five connections; on a loaded machine the
  // queue for a connection can pass the production bound (5 s), so a test waits for its turn.
  // The suites about that bound open their own pools (test/reliability/database-restart).
  const database = await openDatabase({
    databaseUrl: scopedUrl,
    dataDir: '',
    poolSize: 5,
    connectionTimeoutMs: TEST_CONNECTION_WAIT_MS,
  });
  // The first connection to a new database builds its catalog cache; made here, once, it is not
  // built by each of a test's many first connections at once.
  await database.db.execute(sql`select 1`);
  const cleanup = async () => {
    await database.close();
    // FORCE: a killed server process's connections may not have gone yet.
    await withAdminClient(url, (admin) =>
      admin.query(`drop database if exists "${databaseName}" with (force)`),
    );
  };
  return { database, cleanup, scopedUrl };
}

/**
 * The migrated template database of the current migrations, built by the first test process
 * that needs it while the others wait on a server-wide advisory lock. It is built under another
 * name and renamed when complete, so a clone never copies half a migration.
 */
async function ensurePostgresTemplate(url: string): Promise<string> {
  const template = `${PG_TEMPLATE_PREFIX}${templateKey()}`;
  return withAdminClient(url, async (admin) => {
    await admin.query('select pg_advisory_lock($1::int, hashtext($2))', [
      PG_TEMPLATE_LOCK,
      template,
    ]);
    try {
      const existing = await admin.query('select 1 from pg_database where datname = $1', [
        template,
      ]);
      if (existing.rowCount === 0) await buildPostgresTemplate(admin, url, template);
    } finally {
      await admin.query('select pg_advisory_unlock($1::int, hashtext($2))', [
        PG_TEMPLATE_LOCK,
        template,
      ]);
    }
    return template;
  });
}

async function buildPostgresTemplate(
  admin: pg.Client,
  url: string,
  template: string,
): Promise<void> {
  const building = `${template}_building`;
  // A build that died left this behind; the lock says no one else is building it now.
  await admin.query(`drop database if exists "${building}" with (force)`);
  await admin.query(`create database "${building}"`);
  const database = await openDatabase({
    databaseUrl: databaseUrlFor(url, building),
    dataDir: '',
    poolSize: 1,
  });
  try {
    await migrate(database);
  } finally {
    await database.close();
  }
  await admin.query(`comment on database "${building}" is '${new Date().toISOString()}'`);
  await admin.query(`alter database "${building}" rename to "${template}"`);
  await removeOldPostgresTemplates(admin, template);
}

/** Drops templates of other migrations once they are a day old (other checkouts may use them). */
async function removeOldPostgresTemplates(admin: pg.Client, current: string): Promise<void> {
  const { rows } = await admin.query<{ name: string; built: string | null }>(
    `select datname as name, shobj_description(oid, 'pg_database') as built
       from pg_database where datname like $1 and datname <> $2`,
    [`${PG_TEMPLATE_PREFIX}%`, current],
  );
  const dayAgo = Date.now() - 24 * 60 * 60 * 1000;
  for (const { name, built } of rows) {
    const builtAt = built === null ? Number.NaN : Date.parse(built);
    if (Number.isNaN(builtAt) || builtAt >= dayAgo) continue;
    // A clone being made from it holds it; it goes on a later build.
    await admin.query(`drop database if exists "${name}"`).catch(() => undefined);
  }
}
