/**
 * Multi-row INSERT through a prepared statement. A statement is prepared once per row count
 * that actually occurs at full batch size (the batch writer's maxBatch), so the hot path sends
 * one round trip with a cached plan; smaller remainders use a one-off multi-row INSERT.
 * Values pass through each column's driver mapping (jsonb is encoded), exactly as in `values()`.
 */
import { sql, type Placeholder } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { AppDb } from '../../db/index.ts';

type Row<K extends string> = Readonly<Record<K, unknown>>;

interface Prepared {
  execute(params: Record<string, unknown>): Promise<unknown>;
}

export interface PreparedMultiInsert<K extends string> {
  insert(rows: readonly Row<K>[]): Promise<void>;
}

/**
 * @param keys the columns written, by their Drizzle property names; every other column takes
 *   its default.
 * @param batchSize row count the prepared statement is for.
 */
export function preparedMultiInsert<TTable extends PgTable, K extends string>(
  db: AppDb,
  table: TTable,
  keys: readonly K[],
  batchSize: number,
  statementName: string,
): PreparedMultiInsert<K> {
  let prepared: Prepared | undefined;

  const placeholderRows = (count: number): PgInsertValue<TTable>[] =>
    Array.from({ length: count }, (_, index) => {
      const row: Record<string, Placeholder> = {};
      for (const key of keys) row[key] = sql.placeholder(`${key}_${index}`);
      // The keys name the table's columns (checked by the caller's K); Drizzle's row type
      // cannot be derived from a runtime key list.
      return row as PgInsertValue<TTable>;
    });

  const params = (rows: readonly Row<K>[]): Record<string, unknown> => {
    const result: Record<string, unknown> = {};
    rows.forEach((row, index) => {
      for (const key of keys) result[`${key}_${index}`] = row[key];
    });
    return result;
  };

  return {
    async insert(rows) {
      if (rows.length === 0) return;
      if (rows.length === batchSize) {
        prepared ??= db.insert(table).values(placeholderRows(batchSize)).prepare(statementName);
        await prepared.execute(params(rows));
        return;
      }
      await db
        .insert(table)
        .values(placeholderRows(rows.length))
        .execute(params(rows));
    },
  };
}
