/** The server driver: a node-postgres pool on DATABASE_URL. */
import { AsyncLocalStorage } from 'node:async_hooks';
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
  /** How long a query waits for a pooled connection before 503 (default CONNECTION_TIMEOUT_MS). */
  connectionTimeoutMs?: number;
}

export function openPostgresDatabase(options: PostgresOptions): Database {
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.poolSize ?? 10,
    // Fail fast rather than queue forever: /readyz and callers get an error they can report.
    connectionTimeoutMillis: options.connectionTimeoutMs ?? CONNECTION_TIMEOUT_MS,
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
  pool.on('error', () => undefined);
  // A checked-out client (between the statements of a transaction, say) that loses its
  // connection emits 'error' on itself, not on the pool, and an unheard 'error' event kills the
  // process: a database restart during load would take every server down with it. The query
  // waiting on it fails (503 DATABASE_UNAVAILABLE) and the pool discards the broken client when
  // it is released, so listening is all it takes (test/reliability/database-restart.int.test.ts
  // cuts every connection during load and proves the pool recovers by itself).
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });

  const guard = createTransactionGuard();
  const checkouts = trackTransactionClients(pool);
  // NodePgDatabase<Schema> is an AppDb with node-postgres' result kind.
  const db: AppDb = drizzle({ client: guard.wrap(checkouts.pool, ['query', 'connect']), schema });
  let closing: Promise<void> | undefined;
  return {
    db,
    kind: 'pg',
    withTransaction: (fn) => checkouts.run(() => db.transaction((tx) => guard.run(() => fn(tx)))),
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

interface TransactionClients {
  /** The pool, whose connect() records the client it hands to the transaction run by run(). */
  readonly pool: pg.Pool;
  /** Runs a transaction; if it fails without releasing its client, releases it, as broken. */
  run<T>(transaction: () => Promise<T>): Promise<T>;
}

/**
 * Drizzle's transaction() checks a client out of the pool and sends BEGIN before its
 * try/finally: when the connection dies between the two (a database restart during load), the
 * client is never released. The pool then counts a dead client for ever, close() waits for it,
 * and after a few such failures every request waits for a free connection until it times out.
 * Here each transaction's checkout is recorded, and a failed transaction whose client is still
 * out releases it with the error, which makes the pool discard it.
 */
function trackTransactionClients(pool: pg.Pool): TransactionClients {
  const current = new AsyncLocalStorage<{ client?: pg.PoolClient; released: boolean }>();
  const connect = async (): Promise<pg.PoolClient> => {
    const client = await pool.connect();
    const slot = current.getStore();
    if (slot && slot.client === undefined) {
      slot.client = client;
      const release = client.release.bind(client);
      client.release = (error?: Error | boolean) => {
        slot.released = true;
        release(error);
      };
    }
    return client;
  };
  const tracked = new Proxy(pool, {
    get(target, property) {
      if (property === 'connect') return connect;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
  return {
    pool: tracked,
    run(transaction) {
      const slot: { client?: pg.PoolClient; released: boolean } = { released: false };
      return current.run(slot, async () => {
        try {
          return await transaction();
        } catch (error) {
          if (slot.client && !slot.released) {
            slot.released = true;
            slot.client.release(error instanceof Error ? error : true);
          }
          throw error;
        }
      });
    },
  };
}
