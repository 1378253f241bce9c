/**
 * `vitrine restore FILE [--force]`: reads a backup into this database, in one transaction.
 * 1. The header is checked: the format and its version, and the backup's migrations must all
 *    be ones this code has (a backup from newer code is refused).
 * 2. The migrations run up to the backup's schema version, so its rows fit the tables as they
 *    were when it was made.
 * 3. A database with any row is refused unless `force` (then every table is emptied first).
 * 4. Rows are inserted table by table, parents first, with their ids (identity columns
 *    included); a column the backup lacks takes its default. Serial and identity sequences move
 *    past the restored values.
 * 5. The remaining migrations run, carrying the restored data to this code's schema.
 * Anything wrong rolls everything back: the database is as it was.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import { migrate, type AppTx, type Database } from '../../db/index.ts';
import { loadMigrations } from '../../db/migrate.ts';
import { backupHeader, backupLine, BackupFileError, type BackupHeader } from './format.ts';
import { ident, query, resetSequences, tablesInOrder } from './tables.ts';

export class RestoreRefusedError extends Error {}

export interface RestoreSummary {
  readonly tables: number;
  readonly rows: number;
}

async function* lines(file: string): AsyncGenerator<[number, unknown]> {
  const reader = createInterface({
    input: createReadStream(file, { encoding: 'utf8' }),
    crlfDelay: Infinity,
  });
  let number = 0;
  for await (const text of reader) {
    number += 1;
    if (text.trim() === '') continue;
    try {
      yield [number, JSON.parse(text) as unknown];
    } catch {
      throw new BackupFileError(`${file}:${number}: not JSON`);
    }
  }
}

function checkHeader(file: string, value: unknown): BackupHeader {
  const header = backupHeader.safeParse(value);
  if (!header.success)
    throw new BackupFileError(
      `${file} is not a Vitrine backup (version 1): its first line is not the header.`,
    );
  const known = loadMigrations().map((m) => m.tag);
  const unknown = header.data.migrations.filter((tag) => !known.includes(tag));
  if (unknown.length > 0)
    throw new BackupFileError(
      `${file} was made by a newer Vitrine (migration ${unknown[0]} is unknown here): upgrade first.`,
    );
  return header.data;
}

async function isEmpty(tx: AppTx, tables: readonly string[]): Promise<boolean> {
  for (const table of tables) {
    const [row] = await query<{ any: boolean }>(
      tx,
      sql`select exists (select 1 from ${ident(table)}) as any`,
    );
    if (row?.any) return false;
  }
  return true;
}

async function columnsOf(tx: AppTx, table: string): Promise<Set<string>> {
  const rows = await query<{ name: string }>(
    tx,
    sql`select column_name as name from information_schema.columns
        where table_schema = current_schema() and table_name = ${table}`,
  );
  return new Set(rows.map((row) => row.name));
}

export async function restoreBackup(
  database: Database,
  file: string,
  options: { force: boolean },
): Promise<RestoreSummary> {
  const stream = lines(file);
  const first = await stream.next();
  if (first.done) throw new BackupFileError(`${file} is empty.`);
  const header = checkHeader(file, first.value[1]);
  await migrate(database, { upTo: header.migrations.at(-1) });
  const summary = await database.withTransaction(async (tx) => {
    const tables = await tablesInOrder(tx);
    if (!(await isEmpty(tx, tables))) {
      if (!options.force)
        throw new RestoreRefusedError(
          'The database is not empty: restoring would mix two stores. Use --force to replace everything in it.',
        );
      await tx.execute(sql`truncate ${sql.join(tables.map(ident), sql`, `)} cascade`);
    }
    let table: string | undefined;
    let columns = new Set<string>();
    let expected = 0;
    let seen = 0;
    let rows = 0;
    const restored: string[] = [];
    const finishTable = async () => {
      if (table === undefined) return;
      if (seen !== expected)
        throw new BackupFileError(
          `${file}: table ${table} has ${seen} rows, its line says ${expected}.`,
        );
      await resetSequences(tx, table);
    };
    for await (const [number, value] of stream) {
      const line = backupLine.safeParse(value);
      if (!line.success) throw new BackupFileError(`${file}:${number}: not a table or row line`);
      if ('table' in line.data) {
        await finishTable();
        if (!tables.includes(line.data.table))
          throw new BackupFileError(
            `${file}:${number}: no table ${line.data.table} in this schema`,
          );
        table = line.data.table;
        columns = await columnsOf(tx, table);
        expected = line.data.rows;
        seen = 0;
        restored.push(table);
        continue;
      }
      if (table === undefined)
        throw new BackupFileError(`${file}:${number}: a row before any table`);
      const names = Object.keys(line.data.row);
      const missing = names.find((name) => !columns.has(name));
      if (missing)
        throw new BackupFileError(`${file}:${number}: ${table} has no column ${missing}`);
      // jsonb_populate_record reads each value as its column's type; absent columns keep defaults.
      // OVERRIDING SYSTEM VALUE: identity columns (GENERATED ALWAYS) take the backed-up ids.
      const list = sql.join(names.map(ident), sql`, `);
      await tx.execute(
        sql`insert into ${ident(table)} (${list}) overriding system value select ${list} from jsonb_populate_record(null::${ident(table)}, ${JSON.stringify(line.data.row)}::jsonb)`,
      );
      seen += 1;
      rows += 1;
    }
    await finishTable();
    return { tables: restored.length, rows };
  });
  await migrate(database);
  return summary;
}
