/** The server driver: a node-postgres pool on DATABASE_URL. */
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';
import { createTransactionGuard } from './transaction-guard.ts';
import type { AppDb, Database } from './types.ts';

/** How long a request may wait for a new connection before it fails (503 DATABASE_UNAVAILABLE). */
export const CONNECTION_TIMEOUT_MS = 5_000;

export interface PostgresOptions {
  databaseUrl: string;
  poolSize?: number;
  /**
   * PostgreSQL `lock_timeout` of every connection: a statement waiting longer than this for a
   * row or table lock held by another session fails (SQLSTATE 55P03) instead of holding the
   * request up. Unset or 0: the server's setting (by default 0, wait forever).
   */
  lockTimeoutMs?: number;
  /**
   * PostgreSQL `statement_timeout` of every connection: a statement running longer fails
   * (SQLSTATE 57014). Unset or 0: the server's setting (by default 0, no limit).
   */
  statementTimeoutMs?: number;
}

export function openPostgresDatabase(options: PostgresOptions): Database {
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.poolSize ?? 10,
    // Fail fast rather than queue forever: /readyz and callers get an error they can report.
    connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    // Sent in the startup message, so every connection has them without an extra round trip.
    ...(options.lockTimeoutMs === undefined ? {} : { lock_timeout: options.lockTimeoutMs }),
    ...(options.statementTimeoutMs === undefined
      ? {}
      : { statement_timeout: options.statementTimeoutMs }),
  });
  // An idle client that loses its connection (server restart, network) emits 'error' on the
  // pool; without a listener that would crash the process. The pool drops the client and the
  // next query opens a new connection, so there is nothing else to do here.
  // (test/reliability/database-restart.int.test.ts cuts every connection during load and
  // proves the pool recovers by itself.)
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
