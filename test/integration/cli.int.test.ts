/**
 * The `vitrine` command as an operator runs it: a real process on a fresh data directory.
 */
import { DEMO_SITE_USER } from '../../src/server/modules/site-users/demo-account.ts';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cliEnv as env,
  PROCESS_TEST_TIMEOUT_MS,
  runCli as run,
  spawnCli,
  stopCli,
  waitForUrl,
} from '../helpers/cli-process.ts';
import { ensureClientBundle } from '../helpers/server-process.ts';

// `start` builds the client bundles when they are stale: that step is proven on a fresh clone
// (first-start.int.test.ts) and by client-build.int.test.ts. Here they are built beforehand,
// under the lock the other process tests share, so that files starting at once build them once.
// A build on a loaded machine takes minutes: the bound is a hang detector.
beforeAll(() => ensureClientBundle(), 600_000);

describe('vitrine CLI', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  // One data directory for both steps: creating and migrating an embedded database is most of
  // what a command costs, and `start` has just done it on a fresh one.
  it(
    'starts the demo store on a fresh data directory, exits 0 on SIGTERM; then migrates, imports and exports there',
    async () => {
      // `start` is what `npm start` runs: build the bundles if stale, migrate, import the demo, serve.
      const environment = env();
      const child = spawnCli(['start'], environment);
      const url = await waitForUrl(child);
      const page = await fetch(`${url}/shop/p/linen-shirt`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Linen Shirt');
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
      // The demo's customer account exists and logs in.
      const cookies = page.headers
        .getSetCookie()
        .map((cookie) => cookie.split(';')[0] ?? '')
        .filter((pair) => pair !== '');
      const crumb = cookies.find((pair) => pair.startsWith('crumb='))?.slice('crumb='.length) ?? '';
      const login = await fetch(`${url}/api/site-users/account/session`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: cookies.join('; '),
          'x-csrf-token': crumb,
        },
        body: JSON.stringify({ email: DEMO_SITE_USER.email, password: DEMO_SITE_USER.password }),
      });
      expect(login.status).toBe(200);
      expect(await stopCli(child)).toBe(0);

      // The stopped server released the directory: the commands open it, one after another.
      const migrated = await run(['migrate'], environment);
      expect(migrated).toMatchObject({ code: 0 });
      expect(migrated.stdout).toContain('Migrations applied.');
      const imported = await run(['import', 'demo/site.json'], environment);
      expect(imported.code).toBe(0);
      expect(imported.stdout).toContain('Imported demo/site.json.');
      const exported = await run(['export'], environment);
      expect(exported.code).toBe(0);
      expect(JSON.parse(exported.stdout)).toMatchObject({
        website: { title: 'Vitrine Demo Store' },
      });
      // Five processes, one after another.
    },
    2 * PROCESS_TEST_TIMEOUT_MS,
  );

  it('refuses an invalid site file, naming the bad record', async () => {
    const result = await run(['import', 'package.json'], env());
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('The site file is invalid');
    expect(result.stderr).toContain('website:');
    expect(result.stderr).not.toContain('    at ');
  });

  it('fails fast on invalid configuration, naming the variable', async () => {
    const result = await run(['serve'], env({ PORT: 'eighty' }));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('PORT:');
  });

  it('prints usage for an unknown command', async () => {
    const result = await run(['frobnicate'], env());
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Unknown command "frobnicate"');
    expect(result.stderr).toContain('Usage: vitrine <command>');
  });

  it('answers --help and -h with the usage and exit 0, as a process (each command: cli-commands.test.ts)', async () => {
    const environment = env();
    for (const args of [['--help'], ['-h'], ['owner', 'add', '--help']]) {
      const result = await run(args, environment);
      expect(result, args.join(' ')).toMatchObject({ code: 0, stderr: '' });
      expect(result.stdout).toContain('owner add EMAIL --role ROLE');
    }
  });

  it('says in one line that the embedded database is held by another process', async () => {
    const environment = env();
    const dataDir = environment.DATA_DIR ?? '';
    // This test process is alive and is not the command's: to the command it is the server.
    writeFileSync(path.join(dataDir, 'pglite.lock'), `${process.pid}\n`);
    const line =
      `The embedded database in ${path.join(dataDir, 'pglite')} is in use by another Vitrine ` +
      `process (pid ${process.pid}), usually the running server: it serves one process at a ` +
      'time. Stop that process and run the command again, or set DATABASE_URL to a PostgreSQL ' +
      'server, which any number of processes can share. While the server runs, owners and the ' +
      'store are managed from its dashboard at /config.\n';
    const attempts = [['export'], ['owner', 'add', 'boss@example.com', '--role', 'ADMIN']];
    for (const args of attempts) {
      const result = await run(args, { ...environment, VITRINE_OWNER_PASSWORD: 'correct-horse-9' });
      expect(result, args.join(' ')).toEqual({ code: 1, stdout: '', stderr: line });
    }
  });
});
