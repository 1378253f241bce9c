/**
 * What a backup reads of the database itself: its tables (every one of the current schema but
 * the migrations ledger), in an order where each table comes after the tables it references,
 * and the sequences behind serial columns.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AppDb } from '../../db/index.ts';

/** Raw results differ by driver (PGlite Results, pg QueryResult); both carry `rows`. */
export async function query<T>(db: AppDb, statement: SQL): Promise<T[]> {
  const result: unknown = await db.execute(statement);
  return (result as { rows: T[] }).rows;
}

export const MIGRATIONS_TABLE = 'vitrine_migrations';

/** Every table, parents before children (a table's self-references do not count). */
export async function tablesInOrder(db: AppDb): Promise<string[]> {
  const tables = (
    await query<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'
          order by table_name`,
    )
  )
    .map((row) => row.name)
    .filter((name) => name !== MIGRATIONS_TABLE);
  const edges = await query<{ child: string; parent: string }>(
    db,
    sql`select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = current_schema()`,
  );
  const unquote = (name: string) => name.replace(/^"|"$/g, '').replace(/^.*\./, '');
  const parents = new Map<string, Set<string>>(tables.map((t) => [t, new Set()]));
  for (const edge of edges) {
    const child = unquote(edge.child);
    const parent = unquote(edge.parent);
    if (child !== parent) parents.get(child)?.add(parent);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (t) => !placed.has(t) && [...(parents.get(t) ?? [])].every((p) => placed.has(p)),
    );
    if (ready.length === 0) throw new Error('the tables reference each other in a cycle');
    for (const table of ready) {
      ordered.push(table);
      placed.add(table);
    }
  }
  return ordered;
}

/** Quotes an identifier read from the catalog. */
export function ident(name: string): SQL {
  return sql.raw(`"${name.replaceAll('"', '""')}"`);
}

/** Moves each serial column's sequence past the largest value restored. */
export async function resetSequences(db: AppDb, table: string): Promise<void> {
  const serials = await query<{ column: string; sequence: string }>(
    db,
    sql`select column_name as column, pg_get_serial_sequence(${`"${table}"`}, column_name) as sequence
        from information_schema.columns
        where table_schema = current_schema() and table_name = ${table}
          and pg_get_serial_sequence(${`"${table}"`}, column_name) is not null`,
  );
  for (const serial of serials)
    await db.execute(
      sql`select setval(${serial.sequence}, coalesce((select max(${ident(serial.column)}) from ${ident(table)}), 0) + 1, false)`,
    );
}
