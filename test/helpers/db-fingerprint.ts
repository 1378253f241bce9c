/**
 * A fingerprint of every row of every table, for "a refused request changed nothing" checks
 * across the whole database rather than the one table a test thought of. One query: each table's
 * rows hashed as text, in a stable order.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../src/server/db/index.ts';

type Rows<T> = { rows: T[] };

/** Raw rows: both drivers' `execute()` results carry them in `rows`. */
async function query<T>(database: Database, statement: SQL): Promise<T[]> {
  const result: unknown = await database.db.execute(statement);
  return (result as Rows<T>).rows;
}

async function tableNames(database: Database, ignore: ReadonlySet<string>): Promise<string[]> {
  const rows = await query<{ name: string }>(
    database,
    sql`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE'
        order by table_name`,
  );
  return rows.map((row) => row.name).filter((name) => !ignore.has(name));
}

/** Table name → hash of its rows. Tables in `ignore` (e.g. login-failure counters) are left out. */
export async function databaseFingerprint(
  database: Database,
  ignore: readonly string[] = [],
): Promise<Record<string, string>> {
  const names = await tableNames(database, new Set(ignore));
  if (names.length === 0) return {};
  const parts = names.map(
    (name) =>
      sql`select ${name} as name, coalesce(md5(string_agg(md5(t::text), ',' order by md5(t::text))), '') as hash from ${sql.identifier(name)} t`,
  );
  const rows = await query<{ name: string; hash: string }>(
    database,
    sql.join(parts, sql` union all `),
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.hash]));
}

/** The tables whose fingerprint differs between two snapshots. */
export function changedTables(
  before: Record<string, string>,
  after: Record<string, string>,
): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}
