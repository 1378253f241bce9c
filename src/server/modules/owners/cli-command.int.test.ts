import { spawn } from 'node:child_process';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, migratedDataDir } from '../../../../test/helpers/db.ts';
import { schema, type Database } from '../../db/index.ts';
import { DEMO_SITE_FILE, readSiteFile } from '../../main.ts';
import { verifyPassword, fromColumns } from '../auth/password.ts';
import { importSite } from '../site-import/index.ts';
import { OWNER_PASSWORD_ENV, runOwnerCommand, type OwnerCommandIo } from './cli-command.ts';

let database: Database;
let cleanup: () => Promise<void>;
const withDatabase = <T>(work: (db: Database) => Promise<T>): Promise<T> => work(database);

beforeAll(async () => {
  ({ database, cleanup } = await createTestDatabase());
  await importSite(database, await readSiteFile(DEMO_SITE_FILE));
});
afterAll(() => cleanup());

function io(
  env: Record<string, string> = {},
  prompted?: string,
): OwnerCommandIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    env,
    out,
    err,
    log: (line) => out.push(line),
    error: (line) => err.push(line),
    ...(prompted === undefined ? {} : { readPassword: () => Promise.resolve(prompted) }),
  };
}

async function owner(emailKey: string) {
  const [row] = await database.db
    .select()
    .from(schema.ownerAccounts)
    .where(eq(schema.ownerAccounts.emailKey, emailKey));
  return row;
}

describe('vitrine owner add', () => {
  it('adds an owner with the role by name, the password from VITRINE_OWNER_PASSWORD', async () => {
    const output = io({ [OWNER_PASSWORD_ENV]: 'owner password 1' });
    expect(
      await runOwnerCommand(
        ['add', 'Boss@Example.com', '--role', 'store_manager'],
        withDatabase,
        output,
      ),
    ).toBe(0);
    expect(output.out).toEqual(['Added owner Boss@Example.com with role STORE_MANAGER.']);
    const row = await owner('boss@example.com');
    expect(row?.role).toBe(8);
    expect(
      await verifyPassword(
        'owner password 1',
        fromColumns(
          row ?? { passwordHash: '', passwordSalt: '', scryptN: 2, scryptR: 1, scryptP: 1 },
        ),
      ),
    ).toBe(true);
  });

  it('updates the role and the password of an existing owner and ends their logins', async () => {
    const before = await owner('boss@example.com');
    await database.db.insert(schema.ownerSessions).values({
      id: 's1',
      ownerId: before?.id ?? '',
      tokenHash: 'h',
      expiresAt: new Date(Date.now() + 60_000),
    });
    const output = io({}, 'owner password 2');
    expect(
      await runOwnerCommand(['add', 'boss@example.com', '--role', '1'], withDatabase, output),
    ).toBe(0);
    expect(output.out).toEqual(['Updated owner boss@example.com with role ADMIN.']);
    const after = await owner('boss@example.com');
    expect(after?.id).toBe(before?.id);
    expect(after?.role).toBe(1);
    expect(await database.db.$count(schema.ownerSessions)).toBe(0);
  });

  it.each([
    [['add', 'x@example.com'], '--role is required.'],
    [['add', 'x@example.com', '--role', 'OWNER'], 'Unknown role "OWNER".'],
    [['add', 'x@example.com', '--role', '5'], 'Unknown role "5".'],
    [['add', 'not-an-email', '--role', 'ADMIN'], '"not-an-email" is not a valid email address.'],
    [['remove', 'x@example.com', '--role', 'ADMIN'], 'Expected: owner add EMAIL --role ROLE.'],
    [['add', 'x@example.com', '--role', 'ADMIN', '--force'], "Unknown option '--force'"],
  ])('refuses %j: %s, exit 1, nothing written', async (args, message) => {
    const before = await database.db.$count(schema.ownerAccounts);
    const output = io({ [OWNER_PASSWORD_ENV]: 'owner password 1' });
    expect(await runOwnerCommand(args, withDatabase, output)).toBe(1);
    expect(output.err[0]).toContain(message);
    expect(output.err[0]).toContain('Usage: vitrine owner add EMAIL --role ROLE');
    expect(await database.db.$count(schema.ownerAccounts)).toBe(before);
  });

  it('refuses a short password', async () => {
    const output = io({ [OWNER_PASSWORD_ENV]: 'short' });
    expect(
      await runOwnerCommand(['add', 'y@example.com', '--role', 'VIEWER'], withDatabase, output),
    ).toBe(1);
    expect(output.err[0]).toContain('The password must be at least 8 characters.');
    expect(await owner('y@example.com')).toBeUndefined();
  });

  it('runs as a real command: import the demo, then add an owner', async () => {
    const root = path.resolve(import.meta.dirname, '../../../..');
    const env = {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      DATA_DIR: await migratedDataDir('vitrine-owner-cli-'),
      LOG_LEVEL: 'warn',
      [OWNER_PASSWORD_ENV]: 'owner password 3',
    };
    const run = (args: string[]) =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
        const child = spawn(process.execPath, [path.join(root, 'bin/vitrine.js'), ...args], {
          cwd: root,
          env,
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.on('error', reject);
        child.on('close', (code) => resolve({ code, stdout, stderr }));
      });
    const noSite = await run(['owner', 'add', 'ops@example.com', '--role', 'ADMIN']);
    expect(noSite.code).toBe(1);
    expect(noSite.stderr).toContain('There is no site in the database yet');
    expect((await run(['import', DEMO_SITE_FILE])).code).toBe(0);
    const added = await run(['owner', 'add', 'ops@example.com', '--role', 'REPORTING']);
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    expect(added.stdout).toContain('Added owner ops@example.com with role REPORTING.');
    // The usage as a process is test/integration/cli.int.test.ts's; each word of it, cli-commands.test.ts's.
    // Three processes, the first creating an embedded database: a hang detector on a loaded machine.
  }, 600_000);
});
