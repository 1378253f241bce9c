/**
 * The backup file (docs/backup.md, docs/adr/017-backup-format.md): UTF-8 JSON Lines.
 * Line 1 is the header; then, per table, one `table` line followed by one `row` line per row,
 * each row an object of column name → value as PostgreSQL's to_jsonb writes it.
 */
import { z } from 'zod';

export const BACKUP_FORMAT = 'vitrine-backup';
export const BACKUP_VERSION = 1;

export const backupHeader = z.strictObject({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  createdAt: z.string(),
  /** The migrations applied to the database backed up, in order: its schema version. */
  migrations: z.array(z.string()),
});
export type BackupHeader = z.infer<typeof backupHeader>;

export const backupLine = z.union([
  z.strictObject({ table: z.string().min(1), rows: z.number().int().min(0) }),
  z.strictObject({ row: z.record(z.string(), z.unknown()) }),
]);

export class BackupFileError extends Error {}
