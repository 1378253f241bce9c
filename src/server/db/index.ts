/**
 * The database layer: one Drizzle schema on two drivers. PGlite (embedded, data in DATA_DIR)
 * when no DATABASE_URL is set; a node-postgres pool on DATABASE_URL otherwise.
 */
import { openPgliteDatabase } from './pglite.ts';
import { openPostgresDatabase } from './postgres.ts';
import type { Database, OpenDatabaseOptions } from './types.ts';

export type { AppDb, AppTx, Database, DatabaseKind, OpenDatabaseOptions } from './types.ts';
export { DatabaseInUseError } from './dir-lock.ts';
export { listenOnChannel, type ChannelListener } from './listener.ts';
export { migrate } from './migrate.ts';
export { preparedPerHandle, preparedRaw, type PreparedRaw } from './prepared.ts';
export { getSite, getSiteSettings, type SiteRow } from './site-query.ts';
export { TransactionMisuseError } from './transaction-guard.ts';
export * as schema from './schema.ts';

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    return openPostgresDatabase({
      databaseUrl: options.databaseUrl,
      ...(options.poolSize === undefined ? {} : { poolSize: options.poolSize }),
      ...(options.lockTimeoutMs === undefined ? {} : { lockTimeoutMs: options.lockTimeoutMs }),
      ...(options.statementTimeoutMs === undefined
        ? {}
        : { statementTimeoutMs: options.statementTimeoutMs }),
      ...(options.connectionTimeoutMs === undefined
        ? {}
        : { connectionTimeoutMs: options.connectionTimeoutMs }),
    });
  }
  return openPgliteDatabase(options.dataDir);
}
