/**
 * The database handle's types, shared by both drivers. Kept apart from index.ts so the driver
 * files can import them without a cycle.
 */
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

export type Schema = typeof schema;

/**
 * A Drizzle instance typed with the schema. Both PgliteDatabase and NodePgDatabase are this
 * type with a narrower result kind, so code written against AppDb runs on either driver.
 * Raw `execute()` results differ between drivers (PGlite `Results`, pg `QueryResult`); prefer
 * the query builder, whose results are the same on both.
 */
export type AppDb = PgDatabase<PgQueryResultHKT, Schema>;

/** The transaction handed to `withTransaction`; usable wherever an AppDb is expected. */
export type AppTx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type DatabaseKind = 'pglite' | 'pg';

export interface Database {
  db: AppDb;
  kind: DatabaseKind;
  /**
   * Runs fn in one transaction: committed when it resolves, rolled back when it throws.
   * Inside fn, query through `tx` only: using `db` (or opening another transaction) throws
   * TransactionMisuseError, because on PGlite it would wait forever.
   */
  withTransaction<T>(fn: (tx: AppTx) => Promise<T>): Promise<T>;
  /** Resolves when the database answers a query; throws when it is unreachable or closed. */
  ping(): Promise<void>;
  /** Releases the pool or the embedded database. Safe to call more than once. */
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres:// URL of a real server; when absent, PGlite stores data under dataDir. */
  databaseUrl?: string;
  /** The app's data directory (DATA_DIR). PGlite keeps its files in `<dataDir>/pglite`. */
  dataDir: string;
  /** node-postgres pool size (default 10; the server passes DATABASE_POOL_SIZE). Ignored for PGlite. */
  poolSize?: number;
  /** PostgreSQL lock_timeout / statement_timeout per connection (ms); ignored for PGlite. */
  lockTimeoutMs?: number;
  statementTimeoutMs?: number;
  /** How long a query waits for a free pooled connection (default 5 s); ignored for PGlite. */
  connectionTimeoutMs?: number;
}
