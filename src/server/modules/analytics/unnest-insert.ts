/**
 * Multi-row INSERT as one constant statement: `INSERT … SELECT * FROM unnest($1::text[], …)`
 * with one array parameter per column. Whatever the batch size, the SQL text is the same and
 * carries as many parameters as the table has columns written (9, not 9 × 500), so neither
 * Drizzle nor PostgreSQL does per-row work to build or parse it. Works on node-postgres and
 * PGlite alike (both serialise JS arrays to PostgreSQL arrays, nulls and quotes included).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AppDb } from '../../db/index.ts';

export interface UnnestColumn<T> {
  /** The database column name. */
  readonly name: string;
  /** Its PostgreSQL element type, for the array cast (text, integer, timestamptz, jsonb, …). */
  readonly type: 'text' | 'integer' | 'double precision' | 'timestamptz' | 'jsonb';
  readonly value: (row: T) => string | number | null;
}

export interface UnnestInsert<T> {
  insert(rows: readonly T[]): Promise<void>;
}

/**
 * The `INSERT … SELECT FROM unnest` statement of `rows`, for a caller that wraps it (a CTE with
 * RETURNING); `returning` lists the columns it gives back, none by default.
 */
export function unnestInsertStatement<T>(
  table: string,
  columns: readonly UnnestColumn<T>[],
  rows: readonly T[],
  returning: readonly string[] = [],
): SQL {
  const names = sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
  const arrays: SQL[] = columns.map(
    (column) => sql`${sql.param(rows.map((row) => column.value(row)))}::${sql.raw(column.type)}[]`,
  );
  const returned =
    returning.length === 0
      ? sql``
      : sql` returning ${sql.join(
          returning.map((name) => sql.identifier(name)),
          sql`, `,
        )}`;
  return sql`insert into ${sql.identifier(table)} (${names}) select * from unnest(${sql.join(arrays, sql`, `)})${returned}`;
}

export function unnestInsert<T>(
  db: AppDb,
  table: string,
  columns: readonly UnnestColumn<T>[],
): UnnestInsert<T> {
  return {
    async insert(rows) {
      if (rows.length === 0) return;
      await db.execute(unnestInsertStatement(table, columns, rows));
    },
  };
}
