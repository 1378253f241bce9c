import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DatabaseInUseError, acquireDirectoryLock } from './dir-lock.ts';

describe('acquireDirectoryLock', () => {
  let root: string;
  let dir: string;

  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'vitrine-lock-'));
    dir = path.join(root, 'pglite');
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('writes its pid beside the directory and removes the file on release', async () => {
    const lock = await acquireDirectoryLock(dir);
    expect(await readFile(`${dir}.lock`, 'utf8')).toBe(`${process.pid}\n`);
    await lock.release();
    await lock.release();
    await expect(readFile(`${dir}.lock`, 'utf8')).rejects.toThrow();
  });

  it('refuses a second lock in the same process', async () => {
    const lock = await acquireDirectoryLock(dir);
    await expect(acquireDirectoryLock(dir)).rejects.toThrow(/already open in this process/);
    await lock.release();
  });

  it('refuses a directory held by another live process', async () => {
    // The parent of this test process is alive for the whole test.
    await writeFile(`${dir}.lock`, `${process.ppid}\n`);
    const refusal = acquireDirectoryLock(dir);
    await expect(refusal).rejects.toBeInstanceOf(DatabaseInUseError);
    await expect(refusal).rejects.toThrow(
      `The embedded database in ${dir} is in use by another Vitrine process (pid ${process.ppid})`,
    );
  });

  it('takes over a lock left by a process that is gone', async () => {
    await writeFile(`${dir}.lock`, '2147483646\n');
    const lock = await acquireDirectoryLock(dir);
    expect(await readFile(`${dir}.lock`, 'utf8')).toBe(`${process.pid}\n`);
    await lock.release();
  });

  it('takes over a lock holding our own pid that this process did not take (pid reuse)', async () => {
    await writeFile(`${dir}.lock`, `${process.pid}\n`);
    const lock = await acquireDirectoryLock(dir);
    await lock.release();
  });
});
