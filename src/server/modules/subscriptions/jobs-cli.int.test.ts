/**
 * `vitrine jobs run` as a cron runs it: a real process on a data directory holding a due
 * subscription renews it once, prints what it did and exits 0; a second run finds nothing due.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setCheckoutSettings } from '../../../../test/helpers/checkout-fixtures.ts';
// The bound of every process test (a hang detector): an embedded database opened in this
// process and in two commands takes minutes on a loaded machine.
import { PROCESS_TEST_TIMEOUT_MS } from '../../../../test/helpers/cli-process.ts';
import { testConfig } from '../../../../test/helpers/app.ts';
import { createApp } from '../../app.ts';
import { migrate, openDatabase, schema } from '../../db/index.ts';
import { DEMO_SITE_FILE, readSiteFile } from '../../main.ts';
import { importSite } from '../site-import/index.ts';
import {
  addSubscriptionProducts,
  startSubscription,
  SUB,
} from './testing/subscription-fixtures.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const BIN = path.join(ROOT, 'bin/vitrine.js');

function run(
  args: string[],
  dataDir: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A data directory whose store has one subscription, due for its second cycle. */
async function dataDirWithDueSubscription(): Promise<{ dataDir: string; subscriptionId: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vitrine-jobs-'));
  const database = await openDatabase({ dataDir });
  try {
    await migrate(database);
    await importSite(database, await readSiteFile(DEMO_SITE_FILE));
    await setCheckoutSettings(database.db);
    await addSubscriptionProducts(database.db);
    const app = await createApp({
      config: testConfig({ DATA_DIR: dataDir }),
      database,
      logger: false,
    });
    try {
      await app.ready();
      const { subscriptionId } = await startSubscription({ app, database }, SUB.biweekly);
      await database.db
        .update(schema.subscriptions)
        .set({ nextAttemptAt: sql`now() - interval '1 minute'` })
        .where(eq(schema.subscriptions.id, subscriptionId));
      return { dataDir, subscriptionId };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

describe('vitrine jobs run', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('renews what is due once, says so and exits 0; the next run finds nothing due', async () => {
    const { dataDir, subscriptionId } = await dataDirWithDueSubscription();
    const first = await run(['jobs', 'run'], dataDir);
    expect(first.stderr).toBe('');
    expect(first).toMatchObject({ code: 0 });
    expect(first.stdout).toContain('Renewals: 1 renewed, 0 completed, 0 failed, 0 skipped.');
    const second = await run(['jobs', 'run'], dataDir);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('Renewals: 0 renewed, 0 completed, 0 failed, 0 skipped.');

    const database = await openDatabase({ dataDir });
    try {
      const orders = await database.db
        .select()
        .from(schema.subscriptionOrders)
        .where(eq(schema.subscriptionOrders.subscriptionId, subscriptionId));
      expect(orders.map((order) => order.cycle).sort()).toEqual([1, 2]);
      const mail = await database.db
        .select()
        .from(schema.outbox)
        .where(eq(schema.outbox.kind, 'subscription-renewal'));
      expect(mail).toHaveLength(1);
    } finally {
      await database.close();
    }
  });

  // Its usage for anything but "run" is cli-commands.test.ts's: no process is needed to see it.
});
