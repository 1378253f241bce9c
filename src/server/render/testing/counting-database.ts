/**
 * Test support: a Database whose every query to the driver is counted, so a test can assert how
 * many queries a page view costs. It wraps the driver client under a second Drizzle instance
 * (PGlite or node-postgres), counting `query`, `exec` and `sql` calls; it can also make every
 * query fail, to test what a page shows when the database errs.
 */
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { schema, type AppDb, type Database } from '../../db/index.ts';

const COUNTED = new Set<PropertyKey>(['query', 'exec', 'sql']);

export interface CountingDatabase {
  readonly database: Database;
  /** Queries sent since the last reset(). */
  count(): number;
  reset(): void;
  /** Makes every query fail with this error until called with undefined. */
  failWith(error: Error | undefined): void;
}

export function countingDatabase(inner: Database): CountingDatabase {
  let queries = 0;
  let failure: Error | undefined;
  const client = (inner.db as unknown as { $client: object }).$client;
  const counting = new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (!COUNTED.has(property)) return method.bind(target);
      return (...args: unknown[]) => {
        queries += 1;
        if (failure) return Promise.reject(failure);
        return method.apply(target, args);
      };
    },
  });
  const db = (inner.kind === 'pglite'
    ? drizzlePglite({ client: counting as never, schema })
    : drizzlePg({ client: counting as never, schema })) as unknown as AppDb;
  return {
    database: {
      db,
      kind: inner.kind,
      withTransaction: (fn) => db.transaction(fn),
      ping: () => inner.ping(),
      close: () => inner.close(),
    },
    count: () => queries,
    reset: () => {
      queries = 0;
    },
    failWith: (error) => {
      failure = error;
    },
  };
}
