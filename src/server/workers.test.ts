/**
 * `--workers`: how the value is read, how each worker's pool is sized under the PostgreSQL
 * server's max_connections, and the refusals (docs/scaling.md).
 */
import { availableParallelism } from 'node:os';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../test/helpers/app.ts';
import { runCli } from './cli-commands.ts';
import { parseWorkerCount, WorkersRefusal } from './workers-option.ts';
import { poolSizePerWorker, runPrimary } from './workers.ts';

describe('parseWorkerCount', () => {
  it('reads a whole number, and auto as the cores of this machine', () => {
    expect(parseWorkerCount('1')).toBe(1);
    expect(parseWorkerCount('12')).toBe(12);
    expect(parseWorkerCount('auto')).toBe(availableParallelism());
  });

  it.each([undefined, '', '0', '-2', '1.5', '2x', 'all', ' 2'])('refuses %j', (value) => {
    expect(() => parseWorkerCount(value)).toThrow(WorkersRefusal);
    expect(() => parseWorkerCount(value)).toThrow(/--workers takes a whole number/);
  });
});

describe('poolSizePerWorker', () => {
  const server = { maxConnections: 100, reservedConnections: 3 };

  it('keeps the asked size when every worker fits, a listener each and headroom left', () => {
    // 97 usable, 10 kept back: 87 / 2 = 43 a worker, one of them listening.
    expect(poolSizePerWorker(server, 2, 20)).toBe(20);
    expect(poolSizePerWorker(server, 2, 100)).toBe(42);
  });

  it('shrinks each pool so the total stays under max_connections', () => {
    for (const workers of [1, 2, 4, 8, 16, 28]) {
      const pool = poolSizePerWorker(server, workers, 500);
      expect(workers * (pool + 1)).toBeLessThanOrEqual(97 - 10);
    }
    expect(poolSizePerWorker(server, 8, 20)).toBe(9);
  });

  it('refuses more workers than the server can hold, saying what would', () => {
    expect(() => poolSizePerWorker(server, 40, 20)).toThrow(WorkersRefusal);
    expect(() => poolSizePerWorker(server, 40, 20)).toThrow(
      /40 workers need 130 connections at least, and the PostgreSQL server allows 97 \(max_connections 100, 3 reserved\)/,
    );
  });
});

describe('serve --workers on the command line', () => {
  let err: string[];
  beforeEach(() => {
    err = [];
    vi.spyOn(console, 'error').mockImplementation((line: string) => void err.push(line));
    process.exitCode = undefined;
  });
  afterEach(() => {
    vi.restoreAllMocks();
    process.exitCode = undefined;
  });

  it('refuses a bad count in one line, exit code 1', async () => {
    await runCli(['serve', '--workers', 'many']);
    expect(process.exitCode).toBe(1);
    expect(err).toEqual([
      '--workers takes a whole number of processes (1 or more) or "auto", not "many".',
    ]);
  });

  it('refuses other arguments with the usage', async () => {
    await runCli(['serve', '--threads', '2']);
    expect(process.exitCode).toBe(1);
    expect(err.join('\n')).toMatch(
      /^serve takes only --workers N \(or --workers auto\)\.\n\nUsage: vitrine serve \[--workers N\|auto\]/,
    );
  });

  it('refuses several workers on the embedded database before opening anything', async () => {
    await expect(
      runPrimary(testConfig(), {
        workers: 2,
        prepare: () => Promise.resolve(),
        say: () => undefined,
      }),
    ).rejects.toThrow(
      '--workers 2 needs PostgreSQL (DATABASE_URL): the embedded database belongs to one process. Set DATABASE_URL, or serve without --workers.',
    );
  });
});
