/**
 * The `vitrine` command as an operator runs it: a real process (`node bin/vitrine.js …`) on a
 * fresh embedded-database data directory, its output read as it prints.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const BIN = path.join(ROOT, 'bin/vitrine.js');

// Each command loads the sources and opens an embedded database: seconds each on an idle
// machine, minutes on a loaded one. The bound is a safety net.
export const PROCESS_TEST_TIMEOUT_MS = 300_000;

/**
 * A development environment on a data directory of its own (a new empty one unless DATA_DIR is
 * given, e.g. a migratedDataDir()), serving on a free port.
 */
export function cliEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'development',
    PORT: '0',
    HOST: '127.0.0.1',
    TRUSTED_PROXIES: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...extra,
    DATA_DIR: extra.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'vitrine-cli-')),
  };
}

/** Runs a command to its end. */
export function runCli(
  args: string[],
  environment: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: environment });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Starts a long-running command (start, serve) and leaves it running. */
export function spawnCli(args: string[], environment: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: environment });
}

/**
 * The first match of `pattern` in what the process prints on stdout; rejects, with everything it
 * printed, if the process exits first. Bounded by the process, not by time.
 */
export function waitForLine(child: ChildProcess, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (match) resolve(match);
    });
    child.on('close', (code) =>
      reject(
        new Error(`exited with ${String(code)} before printing ${String(pattern)}: ${output}`),
      ),
    );
  });
}

/** The URL a serving process printed. */
export async function waitForUrl(child: ChildProcess): Promise<string> {
  const [, url = ''] = await waitForLine(child, /Vitrine is serving (http:\/\/\S+)/);
  return url;
}

/** SIGTERM, resolving with the exit code. */
export function stopCli(child: ChildProcess): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  child.kill('SIGTERM');
  return exited;
}
