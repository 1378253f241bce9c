/** What the command line uses of the backup module. */
export { writeBackup, type BackupSummary } from './backup.ts';
export { BackupFileError } from './format.ts';
export { restoreBackup, RestoreRefusedError, type RestoreSummary } from './restore.ts';
