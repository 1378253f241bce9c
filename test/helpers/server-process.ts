/**
 * Real server processes for fault tests: `node bin/vitrine.js serve` on a test database, on a
 * free port of 127.0.0.1, so a test can kill it (-9), stop it (SIGTERM) and start another on
 * the same database. The client bundles must exist for `serve`: ensureClientBundle() builds them
 * once when they are missing (stale bundles serve the APIs just as well, so they are kept).
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureClientBuild } from '../../src/server/build/client-build.ts';
import { loadClientAssets } from '../../src/server/render/client-assets.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BUILD_LOCK = path.join(tmpdir(), 'vitrine-test-client-build.lock');
/** One secret for every process, so they all accept each other's session cookies. */
export const SERVER_SESSION_SECRET = 'reliability-secret-shared-by-every-server-process';

export interface ServerExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  readonly pid: number;
  /** Resolves when the process has exited. */
  readonly exited: Promise<ServerExit>;
  /** Everything it printed (stdout and stderr), for failure messages. */
  output(): string;
  signal(signal: NodeJS.Signals): void;
  /** SIGTERM, then SIGKILL if it has not exited within 10 s; resolves on exit. */
  stop(): Promise<ServerExit>;
}

async function sleep(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/** Builds the client bundles if there are none; test files starting at once build them once. */
export async function ensureClientBundle(): Promise<void> {
  if (await hasClientBundle()) return;
  for (let waited = 0; ; waited += 250) {
    try {
      await mkdir(BUILD_LOCK);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A lock older than 10 minutes belongs to a build that died.
      const info = await stat(BUILD_LOCK).catch(() => undefined);
      if (info && Date.now() - info.mtimeMs > 600_000) await rm(BUILD_LOCK, { recursive: true });
      if (waited > 300_000) throw new Error(`waited 5 minutes for ${BUILD_LOCK}`, { cause: error });
      await sleep(250);
    }
  }
  try {
    if (!(await hasClientBundle())) await ensureClientBuild();
  } finally {
    await rm(BUILD_LOCK, { recursive: true, force: true });
  }
}

async function hasClientBundle(): Promise<boolean> {
  try {
    await loadClientAssets();
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts `vitrine serve` with DATABASE_URL (which should carry the test schema's search_path)
 * and the given extra environment; resolves once it listens.
 */
export async function startServerProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
  /** After `serve`, e.g. ['--workers', '2']. */
  serveArgs: readonly string[] = [],
): Promise<ServerProcess> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'vitrine-server-'));
  const child = spawn(
    process.execPath,
    [path.join(ROOT, 'bin/vitrine.js'), 'serve', ...serveArgs],
    {
      cwd: ROOT,
      // A clean environment: nothing of the test runner's leaks into the server.
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? tmpdir(),
        TMPDIR: tmpdir(),
        NODE_ENV: 'production',
        // The fault suites pay with the test provider, which production refuses unless allowed.
        ALLOW_TEST_PAYMENTS: 'true',
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        SESSION_SECRET: SERVER_SESSION_SECRET,
        DATABASE_URL: databaseUrl,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<ServerExit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  void exited.then(() => rm(dataDir, { recursive: true, force: true }));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within 180 s:\n${output}`));
      // A loaded machine (several suites at once) starts a process in well over a minute.
    }, 180_000);
    child.stdout.on('data', () => {
      const match = /Vitrine is serving http:\/\/[^:\s]+:(\d+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      // It listens on 127.0.0.1; "localhost" might resolve to ::1 first.
      resolve(`http://127.0.0.1:${match[1]}`);
    });
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${output}`));
    });
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('server process has no pid');

  return {
    url,
    pid,
    exited,
    output: () => output,
    signal: (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        void exited.then(() => clearTimeout(timer));
      }
      return exited;
    },
  };
}
