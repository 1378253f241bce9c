/**
 * A lock file beside a PGlite directory (`<dir>.lock`, holding the owner's pid). PGlite has no
 * multi-process locking of its own, and two processes on one data directory corrupt it.
 * A lock left by a process that died is taken over.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';

/** Another live process holds the directory: the CLI answers with this message alone. */
export class DatabaseInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly holderPid: number,
  ) {
    super(
      `The embedded database in ${dir} is in use by another Vitrine process (pid ${holderPid}), ` +
        'usually the running server: it serves one process at a time. Stop that process and run ' +
        'the command again, or set DATABASE_URL to a PostgreSQL server, which any number of ' +
        'processes can share. While the server runs, owners and the store are managed from ' +
        'its dashboard at /config.',
    );
    this.name = 'DatabaseInUseError';
  }
}

export interface DirectoryLock {
  release(): Promise<void>;
}

/** Lock paths held by this process: a pid in a file may be ours only by pid reuse (containers). */
const heldHere = new Set<string>();

export async function acquireDirectoryLock(dir: string): Promise<DirectoryLock> {
  const path = `${dir}.lock`;
  if (heldHere.has(path)) {
    throw new Error(`The database directory ${dir} is already open in this process.`);
  }
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      await writeFile(path, `${process.pid}\n`, { flag: 'wx' });
      heldHere.add(path);
      return {
        async release() {
          if (!heldHere.delete(path)) return;
          await rm(path, { force: true });
        },
      };
    } catch (error) {
      if (!isErrnoException(error) || error.code !== 'EEXIST') throw error;
    }
    const holder = Number.parseInt(await readFile(path, 'utf8').catch(() => ''), 10);
    if (holder !== process.pid && isProcessAlive(holder)) {
      throw new DatabaseInUseError(dir, holder);
    }
    // Stale lock (its process is gone): remove it and try again.
    await rm(path, { force: true });
  }
  throw new Error(`Could not lock the database directory ${dir}.`);
}

function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return isErrnoException(error) && error.code === 'EPERM';
  }
}

function isErrnoException(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && 'code' in error;
}
