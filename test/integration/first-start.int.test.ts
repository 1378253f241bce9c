/**
 * The README's first command as a new user runs it: `npm start` in a fresh copy of the project
 * (no client bundles, no data directory) with nothing set in the environment — no NODE_ENV, no
 * secret, no database URL. It must build the bundles, say what it is doing a line at a time,
 * serve the demo store, and stop cleanly.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NO_SMTP_WARNING } from '../../src/server/main.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** What a fresh clone does not have: installed packages are linked, the rest never exists. */
const NOT_IN_A_CLONE = new Set(['node_modules', '.git', 'data', 'dist', 'test-results']);

/** A copy of the project as `git clone` would leave it, with this checkout's packages linked. */
function freshClone(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'vitrine-fresh-clone-'));
  cpSync(ROOT, dir, {
    recursive: true,
    filter: (source) => !NOT_IN_A_CLONE.has(path.relative(ROOT, source).split(path.sep)[0] ?? ''),
  });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

/** Only what a login shell has: in particular no NODE_ENV (Vitest sets it to `test`). */
function userEnvironment(): NodeJS.ProcessEnv {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'CHROMIUM_PATH'];
  const env: NodeJS.ProcessEnv = {};
  for (const key of keep) if (process.env[key] !== undefined) env[key] = process.env[key];
  // Any free port: the README's default 3000 may be taken on a shared machine.
  return { ...env, PORT: '0' };
}

const clones: string[] = [];
const groups: (() => void)[] = [];
afterAll(() => {
  for (const stop of groups) {
    try {
      stop();
    } catch {
      // Already gone.
    }
  }
  for (const dir of clones) rmSync(dir, { recursive: true, force: true });
});

// A production client build, PGlite's first initdb and the demo import: minutes on a busy machine.
describe('npm start on a fresh clone', { timeout: 600_000 }, () => {
  it('builds, migrates, imports the demo a step per line, serves the product page, stops on Ctrl-C', async () => {
    const dir = freshClone();
    clones.push(dir);
    // Its own process group, so the test can press Ctrl-C as a user would (SIGINT to the group:
    // npm does not pass a SIGTERM sent to it alone on to the server).
    const child = spawn('npm', ['start'], { cwd: dir, env: userEnvironment(), detached: true });
    const pressCtrlC = () => child.pid !== undefined && process.kill(-child.pid, 'SIGINT');
    groups.push(pressCtrlC);
    let output = '';
    const exited = new Promise<string>((resolve) =>
      child.on('close', (code, signal) => resolve(signal ?? String(code))),
    );
    const url = await new Promise<string>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Vitrine is serving (http:\/\/\S+)/.exec(output);
        if (match?.[1]) resolve(match[1]);
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      void exited.then((code) => reject(new Error(`exited ${code} before serving:\n${output}`)));
    });

    const page = await fetch(`${url}/shop/p/linen-shirt`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Linen Shirt');

    const steps = [
      'Building the client bundles (the first start, or their sources changed)…',
      'Built the client bundles.',
      'Opening the embedded database in ',
      'Applying database migrations…',
      'Importing the demo store (first start on an empty database)…',
      `Vitrine is serving ${url}`,
      `Open ${url}/ to see the store.`,
    ];
    const positions = steps.map((step) => output.indexOf(step));
    expect(
      positions.every((position) => position >= 0),
      output,
    ).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    // Without SMTP_URL the operator is told once that mail only queues.
    expect(output.split(NO_SMTP_WARNING).length - 1).toBe(1);
    expect(output).not.toContain('SESSION_SECRET');

    pressCtrlC();
    // npm ends itself by the same signal (or exits 130) once the server has stopped.
    expect(['0', '130', 'SIGINT']).toContain(await exited);
    expect(output).toContain('"signal":"SIGINT","msg":"shutting down"');
  });
});
