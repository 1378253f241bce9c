/**
 * `vitrine backup FILE`: every table of the database, one transaction (a consistent snapshot),
 * written as the backup format (format.ts) through a temporary file renamed into place, so a
 * failed backup never leaves half a file under the name asked for.
 */
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { BACKUP_FORMAT, BACKUP_VERSION, type BackupHeader } from './format.ts';
import { ident, MIGRATIONS_TABLE, query, tablesInOrder } from './tables.ts';

export interface BackupSummary {
  readonly tables: number;
  readonly rows: number;
}

export async function writeBackup(database: Database, file: string): Promise<BackupSummary> {
  const partial = `${file}.partial`;
  const out = createWriteStream(partial, { encoding: 'utf8' });
  const write = async (value: unknown) => {
    if (!out.write(`${JSON.stringify(value)}\n`)) await once(out, 'drain');
  };
  try {
    const summary = await database.withTransaction(async (tx) => {
      // One snapshot for every table: rows written meanwhile are all in, or all out.
      if (database.kind === 'pg')
        await tx.execute(sql`set transaction isolation level repeatable read`);
      const migrations = await query<{ tag: string }>(
        tx,
        sql`select tag from ${ident(MIGRATIONS_TABLE)} order by tag`,
      );
      const header: BackupHeader = {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        createdAt: new Date().toISOString(),
        migrations: migrations.map((row) => row.tag),
      };
      await write(header);
      const tables = await tablesInOrder(tx);
      let rows = 0;
      for (const table of tables) {
        const found = await query<{ row: Record<string, unknown> }>(
          tx,
          sql`select to_jsonb(t) as row from ${ident(table)} t`,
        );
        await write({ table, rows: found.length });
        for (const { row } of found) await write({ row });
        rows += found.length;
      }
      return { tables: tables.length, rows };
    });
    out.end();
    await once(out, 'finish');
    await rename(partial, file);
    return summary;
  } catch (error) {
    out.destroy();
    await rm(partial, { force: true });
    throw error;
  }
}
