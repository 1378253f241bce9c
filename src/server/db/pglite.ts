/**
 * The embedded driver: PGlite (PostgreSQL compiled to WASM) with its files in a directory.
 * PGlite serves one process only, so the directory is guarded by a lock file: a second process
 * (say `vitrine import` while the server runs) gets a clear error instead of corrupting data.
 */
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { acquireDirectoryLock } from './dir-lock.ts';
import * as schema from './schema.ts';
import { createTransactionGuard } from './transaction-guard.ts';
import type { AppDb, Database } from './types.ts';

/** Opens (creating when needed) the PGlite database in `<dataDir>/pglite`. */
export async function openPgliteDatabase(dataDir: string): Promise<Database> {
  const dir = join(dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  const lock = await acquireDirectoryLock(dir);
  let client: PGlite;
  try {
    client = await PGlite.create(dir);
  } catch (error) {
    await lock.release();
    throw error;
  }
  return wrapPglite(client, () => lock.release());
}

/**
 * Wraps an open PGlite client as a Database. Used by openPgliteDatabase and by the test helper,
 * which builds clients from a migrated template instead of a directory.
 */
export function wrapPglite(client: PGlite, afterClose?: () => Promise<void>): Database {
  const guard = createTransactionGuard();
  // PgliteDatabase<Schema> is an AppDb with PGlite's result kind.
  const db: AppDb = drizzle({
    client: guard.wrap(client, ['query', 'exec', 'sql', 'transaction']),
    schema,
  });
  let closing: Promise<void> | undefined;
  return {
    db,
    kind: 'pglite',
    withTransaction: (fn) => db.transaction((tx) => guard.run(() => fn(tx))),
    async ping() {
      await db.execute(sql`select 1`);
    },
    close() {
      // PGlite keeps Node alive until closed; closing twice would throw, so share one promise.
      closing ??= (async () => {
        if (!client.closed) await client.close();
        await afterClose?.();
      })();
      return closing;
    },
  };
}
