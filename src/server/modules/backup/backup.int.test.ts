/**
 * Backup and restore (docs/backup.md): a store with rows in every table of the schema (orders,
 * customers, gift cards, submissions, analytics, telemetry, subscriptions, …) is backed up,
 * restored into a fresh database, and every table compared row for row; a database with data is
 * refused without --force and left as it was; a backup written at an older schema version (the
 * fixture, format 1 at migration 0017) is restored and carried to the current schema.
 */
import { mkdtempSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { is, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { ITEMS } from '../../../../test/helpers/checkout-fixtures.ts';
import { createTestDatabase, type TestDatabase } from '../../../../test/helpers/db.ts';
import { placeTestOrder } from '../../../../test/helpers/order-fixtures.ts';
import { loadMigrations } from '../../db/migrate.ts';
import { schema, type AppDb } from '../../db/index.ts';
import { restoreBackup, RestoreRefusedError, writeBackup } from './index.ts';
import { ident, MIGRATIONS_TABLE, query, tablesInOrder } from './tables.ts';
import { fillEveryTable } from './testing/store-with-every-table.ts';

/** Format 1 written by `vitrine backup` at migration 0017, before orders had numbers. */
const OLDER_BACKUP = path.join(import.meta.dirname, 'testing', 'v1-at-0017.backup');

/** Every table the Drizzle schema declares: a table added there is in this list by itself. */
/** Restores insert row by row: bounded work, given time on a loaded machine. */
const SLOW = 300_000;

const SCHEMA_TABLES = Object.values(schema as Record<string, unknown>)
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableConfig(table).name)
  .sort();

let harness: TestApp;
let fresh: TestDatabase;
const dir = mkdtempSync(path.join(tmpdir(), 'vitrine-backup-'));
const file = path.join(dir, 'store.backup');

/** Every table's rows as sorted JSON text: equal when the tables hold the same rows. */
async function contents(db: AppDb): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const table of await tablesInOrder(db)) {
    const rows = await query<{ row: string }>(
      db,
      sql`select to_jsonb(t)::text as row from ${ident(table)} t`,
    );
    result[table] = rows.map((r) => r.row).sort();
  }
  return result;
}

/** A database with no table at all, as `vitrine restore` meets a new data directory. */
async function dropEveryTable(db: AppDb): Promise<void> {
  const tables = [...(await tablesInOrder(db)), MIGRATIONS_TABLE];
  await db.execute(sql`drop table ${sql.join(tables.map(ident), sql`, `)} cascade`);
}

beforeAll(async () => {
  harness = await createTestApp();
  await fillEveryTable(harness);
  fresh = await createTestDatabase();
}, 300_000);
afterAll(async () => {
  await harness.close();
  await fresh.cleanup();
  await rm(dir, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it(
    'writes a versioned header and every table',
    async () => {
      const summary = await writeBackup(harness.database, file);
      const lines = (await readFile(file, 'utf8')).trimEnd().split('\n');
      const header = JSON.parse(lines[0] ?? '{}') as Record<string, unknown>;
      expect(header).toMatchObject({ format: 'vitrine-backup', version: 1 });
      expect(header.migrations).toContain('0018_order_lifecycle');
      const tables = lines.filter((line) => line.startsWith('{"table"'));
      expect(tables.length).toBe(summary.tables);
      expect(tables.length).toBe((await tablesInOrder(harness.database.db)).length);
      expect(lines.length).toBe(1 + summary.tables + summary.rows);
    },
    SLOW,
  );

  it(
    'holds every table of the schema, each with rows',
    async () => {
      const lines = (await readFile(file, 'utf8')).trimEnd().split('\n').slice(1);
      const tables = lines
        .filter((line) => line.startsWith('{"table"'))
        .map((line) => JSON.parse(line) as { table: string; rows: number });
      expect(tables.map((t) => t.table).sort()).toEqual(SCHEMA_TABLES);
      // A new table fails here until the store above has a row in it.
      expect(tables.filter((t) => t.rows === 0).map((t) => t.table)).toEqual([]);
    },
    SLOW,
  );

  it(
    'restores into a fresh database with every table equal',
    async () => {
      const summary = await restoreBackup(fresh.database, file, { force: false });
      expect(summary.rows).toBeGreaterThan(0);
      const before = await contents(harness.database.db);
      const after = await contents(fresh.database.db);
      expect(Object.keys(after)).toEqual(Object.keys(before));
      for (const table of Object.keys(before))
        expect({ [table]: after[table] }).toEqual({ [table]: before[table] });
      expect(before.orders?.length).toBe(4);
      for (const table of ['form_submissions', 'analytics_events', 'page_speed_records'])
        expect(before[table]?.length, table).toBeGreaterThan(0);
      for (const table of ['script_errors', 'subscriptions', 'gift_cards', 'site_users'])
        expect(before[table]?.length, table).toBeGreaterThan(0);
    },
    SLOW,
  );

  it(
    'refuses a database with data without --force and changes nothing',
    async () => {
      await placeTestOrder(harness, [{ item: ITEMS.ebook, quantity: 1 }], { address: false });
      const before = await contents(harness.database.db);
      await expect(restoreBackup(harness.database, file, { force: false })).rejects.toThrow(
        RestoreRefusedError,
      );
      expect(await contents(harness.database.db)).toEqual(before);
    },
    SLOW,
  );

  it(
    'with --force replaces everything in the database with the backup',
    async () => {
      await restoreBackup(harness.database, file, { force: true });
      expect(await contents(harness.database.db)).toEqual(await contents(fresh.database.db));
    },
    SLOW,
  );
});

describe('a backup written by an older schema version', () => {
  it(
    'restores into a new database and is carried to the current schema',
    async () => {
      const old = await createTestDatabase();
      try {
        await dropEveryTable(old.database.db);
        const summary = await restoreBackup(old.database, OLDER_BACKUP, { force: false });
        expect(summary).toEqual({ tables: 35, rows: 12 });
        const applied = await query<{ tag: string }>(
          old.database.db,
          sql`select tag from ${ident(MIGRATIONS_TABLE)} order by tag`,
        );
        expect(applied.map((row) => row.tag)).toEqual(
          loadMigrations()
            .map((m) => m.tag)
            .sort(),
        );
        // Migration 0018 numbered the orders it found in creation order and set the counter.
        const orders = await old.database.db
          .select({ id: schema.orders.id, number: schema.orders.number })
          .from(schema.orders);
        expect(orders.sort((a, b) => a.number - b.number)).toEqual([
          { id: 'order-a', number: 1001 },
          { id: 'order-b', number: 1002 },
        ]);
        const [counter] = await old.database.db.select().from(schema.orderNumberCounters);
        expect(counter).toMatchObject({ siteId: 'old-shop', lastNumber: 1002 });
        const [user] = await old.database.db.select().from(schema.siteUsers);
        expect(user).toMatchObject({ email: 'old@example.com', emailVerifiedAt: null });
        const [line] = await old.database.db
          .select()
          .from(schema.orderLines)
          .where(sql`${schema.orderLines.id} = 'line-a'`);
        expect(line).toMatchObject({ quantity: 2, lineTotalCents: 2_400 });
      } finally {
        await old.cleanup();
      }
    },
    SLOW,
  );
});
