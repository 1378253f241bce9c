/** The server driver: a node-postgres pool on DATABASE_URL. */
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';
import { createTransactionGuard } from './transaction-guard.ts';
import type { AppDb, Database } from './types.ts';

export interface PostgresOptions {
  databaseUrl: string;
  poolSize?: number;
}

export function openPostgresDatabase(options: PostgresOptions): Database {
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.poolSize ?? 10,
    // Fail fast rather than queue forever: /readyz and callers get an error they can report.
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client that loses its connection (server restart, network) emits 'error' on the
  // pool; without a listener that would crash the process. The pool drops the client and the
  // next query opens a new connection, so there is nothing else to do here.
  pool.on('error', () => undefined);

  const guard = createTransactionGuard();
  // NodePgDatabase<Schema> is an AppDb with node-postgres' result kind.
  const db: AppDb = drizzle({ client: guard.wrap(pool, ['query', 'connect']), schema });
  let closing: Promise<void> | undefined;
  return {
    db,
    kind: 'pg',
    withTransaction: (fn) => db.transaction((tx) => guard.run(() => fn(tx))),
    async ping() {
      await db.execute(sql`select 1`);
    },
    close() {
      // pool.end() may be called once only; share the promise so close() is idempotent.
      closing ??= pool.end();
      return closing;
    },
  };
}
