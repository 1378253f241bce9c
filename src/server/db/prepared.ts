/**
 * Statements prepared once per database handle. Drizzle's query building costs more than running
 * the query on the hot read paths (catalog, stock, carts), so those build their statements once
 * and run them with placeholders. Keyed by the handle: a statement prepared on the pool must not
 * run inside a transaction, which would need statements of its own (and gets none: transactions
 * build their queries as they go).
 */
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { AppDb } from './types.ts';

export function preparedPerHandle<T>(prepare: (db: AppDb) => T): (db: AppDb) => T {
  const prepared = new WeakMap<AppDb, T>();
  return (db) => {
    let found = prepared.get(db);
    if (found === undefined) {
      found = prepare(db);
      prepared.set(db, found);
    }
    return found;
  };
}

/** A raw statement prepared under a name: run it with its placeholders' values, read `rows`. */
export interface PreparedRaw {
  execute(values: Record<string, unknown>): Promise<{ readonly rows: unknown[] }>;
}

const dialect = new PgDialect();

/**
 * A statement the query builder cannot express (a CTE that writes, json aggregates), written
 * with `sql.placeholder(...)` for its values, built to text once and sent under `name`: on
 * PostgreSQL each pooled connection parses and plans it once, then only binds values. Sent as
 * unnamed text each time, the add to cart's two cart statements cost PostgreSQL more CPU in
 * planning than in running (bench/README.md, "Add to cart"). A transaction prepares its own
 * handle under the same name and text, which node-postgres accepts on any connection. PGlite
 * ignores the name.
 */
export function preparedRaw(name: string, statement: SQL): (db: AppDb) => PreparedRaw {
  const query = dialect.sqlToQuery(statement);
  return preparedPerHandle((db) => {
    const prepared = db._.session.prepareQuery(query, undefined, name, false);
    return {
      // Both drivers' raw results carry `rows` (PGlite Results, pg QueryResult).
      execute: async (values) => (await prepared.execute(values)) as { rows: unknown[] },
    };
  });
}
