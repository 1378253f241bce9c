/**
 * Statements prepared once per database handle. Drizzle's query building costs more than running
 * the query on the hot read paths (catalog, stock, carts), so those build their statements once
 * and run them with placeholders. Keyed by the handle: a statement prepared on the pool must not
 * run inside a transaction, which would need statements of its own (and gets none: transactions
 * build their queries as they go).
 */
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
