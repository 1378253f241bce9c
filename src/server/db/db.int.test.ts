import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  describeWithPostgres,
  testDatabaseUrl,
} from '../../../test/helpers/db.ts';
import { migrate, openDatabase, schema, TransactionMisuseError, type Database } from './index.ts';
import { loadMigrations } from './migrate.ts';

const { sites, collections } = schema;

describe('database layer', () => {
  let database: Database;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    ({ database, cleanup } = await createTestDatabase());
  });
  afterAll(() => cleanup());

  it('answers ping and reports its driver', async () => {
    await expect(database.ping()).resolves.toBeUndefined();
    expect(database.kind).toBe(testDatabaseUrl() ? 'pg' : 'pglite');
  });

  it('migrates idempotently', async () => {
    await migrate(database);
    await migrate(database);
    const result = await database.db.select().from(sites);
    expect(result).toEqual([]);
  });

  it('refuses to run when an applied migration was edited afterwards', async () => {
    await database.db.execute(
      sql`update vitrine_migrations set hash = 'edited' where tag = '0000_initial'`,
    );
    try {
      await expect(migrate(database)).rejects.toThrow(
        /0000_initial was edited after it was applied/,
      );
    } finally {
      const [first] = loadMigrations();
      await database.db.execute(
        sql`update vitrine_migrations set hash = ${first?.hash ?? ''} where tag = '0000_initial'`,
      );
    }
    await migrate(database);
  });

  it('commits a transaction that resolves', async () => {
    const value = await database.withTransaction(async (tx) => {
      await tx.insert(sites).values({ id: 'committed', title: 'Committed' });
      return 42;
    });
    expect(value).toBe(42);
    expect(await database.db.select({ id: sites.id }).from(sites)).toEqual([{ id: 'committed' }]);
  });

  it('rolls back every write of a transaction that throws', async () => {
    await expect(
      database.withTransaction(async (tx) => {
        await tx.insert(sites).values({ id: 'rolled-back', title: 'Rolled back' });
        await tx
          .insert(collections)
          .values({ id: 'c', siteId: 'rolled-back', title: 'C', fullUrl: '/c' });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await database.db.select({ id: sites.id }).from(sites)).toEqual([{ id: 'committed' }]);
    expect(await database.db.select().from(collections)).toEqual([]);
  });

  it('rolls back when a statement fails inside the transaction', async () => {
    await expect(
      database.withTransaction(async (tx) => {
        await tx.update(sites).set({ title: 'Changed' }).where(eq(sites.id, 'committed'));
        await tx.insert(sites).values({ id: 'committed', title: 'Duplicate id' });
      }),
    ).rejects.toThrow();
    const [site] = await database.db.select().from(sites);
    expect(site?.title).toBe('Committed');
  });

  it('refuses the outer handle inside a transaction instead of hanging', async () => {
    const misuse = await database
      .withTransaction(async () => {
        await database.db.select().from(sites);
      })
      .catch((error: unknown) => error);
    // Drizzle wraps driver errors; the cause is ours.
    const cause = misuse instanceof Error && misuse.cause !== undefined ? misuse.cause : misuse;
    expect(cause).toBeInstanceOf(TransactionMisuseError);

    await expect(
      database.withTransaction(() => database.withTransaction(() => Promise.resolve(1))),
    ).rejects.toThrow(TransactionMisuseError);

    // Work the callback started without awaiting may use the handle once the transaction ends.
    let detached: Promise<unknown> | undefined;
    await database.withTransaction(async (tx) => {
      await tx.select().from(sites);
      detached = new Promise((resolve) => setTimeout(resolve, 10)).then(() =>
        database.db.select({ id: sites.id }).from(sites),
      );
    });
    await expect(detached).resolves.toEqual([{ id: 'committed' }]);
  });

  it('fills site settings with the store defaults', async () => {
    const [site] = await database.db.select().from(sites).where(eq(sites.id, 'committed'));
    expect(site?.settings).toEqual({
      currency: 'USD',
      timeZone: 'America/New_York',
      language: 'en-US',
    });
    expect(site?.createdAt).toBeInstanceOf(Date);
  });

  it('enforces the schema CHECK constraints', async () => {
    await expect(
      database.db.execute(
        sql`insert into collections (id, site_id, title, full_url, status) values ('x', 'committed', 'X', '/x', 'bogus')`,
      ),
    ).rejects.toThrow();
  });
});

describe('loadMigrations', () => {
  it('reads the journal in order and drops the "public" schema qualifier', () => {
    const migrations = loadMigrations();
    expect(migrations[0]?.tag).toBe('0000_initial');
    const statements = migrations.flatMap((migration) => migration.statements);
    expect(statements.some((statement) => statement.includes('REFERENCES "sites"'))).toBe(true);
    expect(statements.some((statement) => statement.includes('"public".'))).toBe(false);
  });
});

describe('openDatabase with PGlite', () => {
  it('keeps its files in <dataDir>/pglite, refuses a second opener, and closes twice safely', async () => {
    const { mkdtemp, rm, readdir } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dataDir = await mkdtemp(path.join(tmpdir(), 'vitrine-db-test-'));
    try {
      const first = await openDatabase({ dataDir });
      try {
        expect(first.kind).toBe('pglite');
        expect((await readdir(dataDir)).sort()).toEqual(['pglite', 'pglite.lock']);
        await expect(openDatabase({ dataDir })).rejects.toThrow(/already open in this process/);
        await first.ping();
      } finally {
        await first.close();
        await first.close();
      }
      await expect(first.ping()).rejects.toThrow();
      expect(await readdir(dataDir)).toEqual(['pglite']);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describeWithPostgres('migrations on PostgreSQL', () => {
  it('run once when several processes migrate the same schema at the same time', async () => {
    const url = testDatabaseUrl() ?? '';
    const schemaName = `test_concurrent_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema "${schemaName}"`);
    const scoped = new URL(url);
    scoped.searchParams.set('options', `-c search_path="${schemaName}"`);
    // Separate pools stand in for separate processes: each has its own connections.
    const handles = await Promise.all(
      Array.from({ length: 4 }, () =>
        openDatabase({ databaseUrl: scoped.toString(), dataDir: '', poolSize: 1 }),
      ),
    );
    try {
      await Promise.all(handles.map((handle) => migrate(handle)));
      const { rows } = await admin.query<{ tag: string }>(
        `select tag from "${schemaName}".vitrine_migrations`,
      );
      const migrations = loadMigrations();
      expect(rows.map((row) => row.tag).sort()).toEqual(migrations.map((m) => m.tag).sort());
      const tables = await admin.query(
        `select count(*)::int as n from information_schema.tables where table_schema = $1`,
        [schemaName],
      );
      // Every table the migrations create and do not drop again, plus the migrator's own table.
      const statements = migrations.flatMap((m) => m.statements);
      const count = (pattern: RegExp) =>
        statements.filter((statement) => pattern.test(statement)).length;
      const created = count(/^CREATE TABLE/i) - count(/^DROP TABLE/i);
      expect(tables.rows[0]).toEqual({ n: created + 1 });
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
      await admin.query(`drop schema "${schemaName}" cascade`);
      await admin.end();
    }
  });

  it('ping fails when the server is unreachable', async () => {
    const unreachable = await openDatabase({
      databaseUrl: 'postgres://postgres@127.0.0.1:1/nothing',
      dataDir: '',
    });
    try {
      await expect(unreachable.ping()).rejects.toThrow();
    } finally {
      await unreachable.close();
    }
  });
});
