/**
 * The first owner of a site on the embedded database, as an operator meets it: a real
 * `vitrine serve` on a site without any owner (imported, no demo owners) prints a one-time
 * /config/setup link; the link creates the first ADMIN, who logs in, and works only once. A
 * restart with an owner prints no link.
 */
import { describe, expect, it } from 'vitest';
import {
  cliEnv,
  PROCESS_TEST_TIMEOUT_MS,
  runCli,
  spawnCli,
  stopCli,
  waitForLine,
  waitForUrl,
} from '../helpers/cli-process.ts';
import { migratedDataDir } from '../helpers/db.ts';
import { ensureClientBundle } from '../helpers/server-process.ts';

const SETUP_LINE = /No owner yet: open (\S+) within 1 hour to create the first admin/;

/** A browser opening a page: the cookies it sets and the crumb its forms send as X-CSRF-Token. */
async function visit(url: string): Promise<{ status: number; cookie: string; crumb: string }> {
  const response = await fetch(url);
  await response.text();
  const pairs = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .filter((pair) => pair !== '');
  const crumb = pairs.find((pair) => pair.startsWith('crumb='))?.slice('crumb='.length) ?? '';
  return { status: response.status, cookie: pairs.join('; '), crumb };
}

async function post(url: string, page: { cookie: string; crumb: string }, body: object) {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: page.cookie,
      'x-csrf-token': page.crumb,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

// Three processes one after another (import, serve, serve again): three times the safety net.
describe('the first owner setup link of a start', { timeout: 3 * PROCESS_TEST_TIMEOUT_MS }, () => {
  it('is printed when no owner exists, creates the first ADMIN once, and not printed again', async () => {
    await ensureClientBundle();
    // The first start is not under test here: the embedded database comes migrated.
    const environment = cliEnv({ DATA_DIR: await migratedDataDir('vitrine-cli-') });
    expect(await runCli(['import', 'demo/site.json'], environment)).toMatchObject({ code: 0 });

    const server = spawnCli(['serve'], environment);
    let link: URL;
    try {
      const [, printed = ''] = await waitForLine(server, SETUP_LINE);
      link = new URL(printed);
      expect(link.pathname).toBe('/config/setup');
      const token = link.searchParams.get('token') ?? '';
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const page = await visit(link.href);
      expect(page.status).toBe(200);
      const setupApi = `${link.origin}/api/vitrine/owner-setup`;
      const created = await post(setupApi, page, {
        token,
        email: 'boss@example.com',
        password: 'a-long-password',
      });
      expect(created).toMatchObject({
        status: 201,
        body: { owner: { email: 'boss@example.com' } },
      });

      const again = await post(setupApi, page, {
        token,
        email: 'intruder@example.com',
        password: 'a-long-password',
      });
      expect(again).toMatchObject({ status: 400, body: { error: { code: 'OWNER_LINK_INVALID' } } });

      const login = await visit(`${link.origin}/config`);
      const session = await post(`${link.origin}/api/vitrine/owner/session`, login, {
        email: 'boss@example.com',
        password: 'a-long-password',
      });
      expect(session).toMatchObject({ status: 200, body: { owner: { roleName: 'ADMIN' } } });
      const refused = await post(`${link.origin}/api/vitrine/owner/session`, login, {
        email: 'intruder@example.com',
        password: 'a-long-password',
      });
      expect(refused.status).toBe(401);
    } finally {
      expect(await stopCli(server)).toBe(0);
    }

    // With an owner, the next start prints the address and no link.
    const restarted = spawnCli(['serve'], environment);
    let printed = '';
    restarted.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    try {
      await waitForUrl(restarted);
    } finally {
      expect(await stopCli(restarted)).toBe(0);
    }
    expect(printed).toContain('Vitrine is serving');
    expect(printed).not.toContain('No owner yet');
  });
});
