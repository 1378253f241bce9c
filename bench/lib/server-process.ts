/**
 * A real Vitrine server in a process of its own, as production runs it: `vitrine serve-demo`
 * (migrate, import demo/site.json into the empty database, serve) with NODE_ENV=production, on
 * a free port of 127.0.0.1, trusting 127.0.0.1 as a proxy so load generators on this machine
 * can speak for many clients through X-Forwarded-For. Stopped with SIGTERM, which drains
 * requests and flushes buffered telemetry before the process exits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ensureClientBuild } from '../../src/server/build/client-build.ts';
import type { BenchDatabase } from './bench-database.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CLI = path.join(ROOT, 'bin/vitrine.js');
/** Migrating and importing into a fresh PGlite takes seconds; on a busy machine, many more. */
const START_TIMEOUT_MS = 600_000;
const STOP_TIMEOUT_MS = 60_000;
const SERVING_LINE = /Vitrine is serving http:\/\/[^:]+:(\d+)/;

export interface StoppedServer {
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
  /** From SIGTERM to exit: draining, flushing buffered rows, closing the database. */
  readonly stopMs: number;
}

export interface ServerProcess {
  /** http://127.0.0.1:<port>, no trailing slash. */
  readonly url: string;
  /** The process started (with `workers` above 1, the primary of its workers). */
  readonly pid: number;
  readonly secret: string;
  /** SIGTERM, then waits for the exit (SIGKILL after a minute). Safe to call more than once. */
  stop(): Promise<StoppedServer>;
}

let clientBuild: Promise<boolean> | undefined;

/** Builds the client bundles when stale, once per benchmark process, as `vitrine start` does. */
export function ensureClientBundles(): Promise<boolean> {
  return (clientBuild ??= ensureClientBuild());
}

function serverEnv(database: BenchDatabase, secret: string, extra: Record<string, string>) {
  const env: NodeJS.ProcessEnv = { ...process.env };
  // The benchmark's database only, whatever the shell exported.
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  return {
    ...env,
    ...database.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SESSION_SECRET: secret,
    TRUSTED_PROXIES: '127.0.0.1',
    // The demo store takes test payments, which production mode refuses unless allowed.
    ALLOW_TEST_PAYMENTS: 'true',
    HOST: '127.0.0.1',
    PORT: '0',
    ...extra,
  };
}

/** Resolves with the port once the process prints that it serves; rejects if it exits first. */
function waitForPort(child: ChildProcess, output: () => string): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`the server did not start within ${START_TIMEOUT_MS} ms\n${output()}`));
    }, START_TIMEOUT_MS);
    const onData = () => {
      const match = SERVING_LINE.exec(output());
      if (match?.[1]) {
        cleanup();
        resolve(Number(match[1]));
      }
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`the server exited with ${code} before serving\n${output()}`));
    };
    const cleanup = () => {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
    };
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
  });
}

async function waitUntilReady(url: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url}/readyz did not answer 200`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function waitForExit(child: ChildProcess): Promise<StoppedServer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const done = () =>
      resolve({
        exitCode: child.exitCode,
        signal: child.signalCode,
        stopMs: performance.now() - started,
      });
    if (child.exitCode !== null || child.signalCode !== null) {
      done();
      return;
    }
    const killer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(killer);
      done();
    });
  });
}

/**
 * Starts `vitrine serve-demo` on the given (empty) database and resolves once /readyz answers
 * 200. The server's own output goes to stderr, so stdout stays the benchmark's table and
 * RESULT line. `env` adds or overrides server settings; `workers` above 1 serves with that many
 * processes on one port (`--workers`, PostgreSQL only: docs/adr/013-several-processes.md).
 */
export async function startServer(
  database: BenchDatabase,
  env: Record<string, string> = {},
  workers = 1,
): Promise<ServerProcess> {
  await ensureClientBundles();
  const secret = randomBytes(32).toString('base64url');
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it exits (`--cpu-prof`).
  const profileDir = process.env.BENCH_CPU_PROF?.trim();
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [];
  const workerArgs = workers > 1 ? ['--workers', String(workers)] : [];
  const child = spawn(process.execPath, [...profile, CLI, 'serve-demo', ...workerArgs], {
    cwd: ROOT,
    env: serverEnv(database, secret, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    process.stderr.write(chunk);
    // Enough to find the serving line and to explain a failed start.
    output = (output + chunk.toString('utf8')).slice(-8_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);

  let stopping: Promise<StoppedServer> | undefined;
  const stop = () =>
    (stopping ??= (() => {
      const exited = waitForExit(child);
      child.kill('SIGTERM');
      return exited;
    })());
  try {
    const port = await waitForPort(child, () => output);
    const url = `http://127.0.0.1:${port}`;
    await waitUntilReady(url);
    if (child.pid === undefined) throw new Error('the server process has no pid');
    return { url, pid: child.pid, secret, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
