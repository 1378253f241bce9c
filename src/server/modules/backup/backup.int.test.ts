/**
 * Backup and restore round-trip: the demo store with orders is backed up, restored into a
 * fresh database, and every table compared row for row; a database with data is refused
 * without --force and left as it was.
 */
import { mkdtempSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import {
  addCheckoutProducts,
  ITEMS,
  setCheckoutSettings,
} from '../../../../test/helpers/checkout-fixtures.ts';
import { createTestDatabase, type TestDatabase } from '../../../../test/helpers/db.ts';
import { placeTestOrder } from '../../../../test/helpers/order-fixtures.ts';
import type { AppDb } from '../../db/index.ts';
import { restoreBackup, RestoreRefusedError, writeBackup } from './index.ts';
import { ident, query, tablesInOrder } from './tables.ts';

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

beforeAll(async () => {
  harness = await createTestApp();
  await setCheckoutSettings(harness.database.db);
  await addCheckoutProducts(harness.database.db);
  await placeTestOrder(harness, [{ item: ITEMS.shirtM, quantity: 1 }]);
  await placeTestOrder(harness, [{ item: ITEMS.ebook, quantity: 2 }], { address: false });
  fresh = await createTestDatabase();
});
afterAll(async () => {
  await harness.close();
  await fresh.cleanup();
  await rm(dir, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('writes a versioned header and every table', async () => {
    const summary = await writeBackup(harness.database, file);
    const lines = (await readFile(file, 'utf8')).trimEnd().split('\n');
    const header = JSON.parse(lines[0] ?? '{}') as Record<string, unknown>;
    expect(header).toMatchObject({ format: 'vitrine-backup', version: 1 });
    expect(header.migrations).toContain('0018_order_lifecycle');
    const tables = lines.filter((line) => line.startsWith('{"table"'));
    expect(tables.length).toBe(summary.tables);
    expect(tables.length).toBe((await tablesInOrder(harness.database.db)).length);
    expect(lines.length).toBe(1 + summary.tables + summary.rows);
  });

  it('restores into a fresh database with every table equal', async () => {
    const summary = await restoreBackup(fresh.database, file, { force: false });
    expect(summary.rows).toBeGreaterThan(0);
    const before = await contents(harness.database.db);
    const after = await contents(fresh.database.db);
    expect(Object.keys(after)).toEqual(Object.keys(before));
    for (const table of Object.keys(before))
      expect({ [table]: after[table] }).toEqual({ [table]: before[table] });
    expect(before.orders?.length).toBe(2);
    expect(before.products?.length).toBeGreaterThan(0);
  });

  it('refuses a database with data without --force and changes nothing', async () => {
    await placeTestOrder(harness, [{ item: ITEMS.ebook, quantity: 1 }], { address: false });
    const before = await contents(harness.database.db);
    await expect(restoreBackup(harness.database, file, { force: false })).rejects.toThrow(
      RestoreRefusedError,
    );
    expect(await contents(harness.database.db)).toEqual(before);
  });

  it('with --force replaces everything in the database with the backup', async () => {
    await restoreBackup(harness.database, file, { force: true });
    expect(await contents(harness.database.db)).toEqual(await contents(fresh.database.db));
  });
});
