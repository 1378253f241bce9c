/**
 * Builds the production app for a test file, minus the socket: a migrated database of its own,
 * the demo store imported (unless asked not to), silent logs.
 */
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createApp, type AppDeps } from '../../src/server/app.ts';
import { loadConfig, type Config } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/index.ts';
import { DEMO_SITE_FILE, demoImport, readSiteFile } from '../../src/server/main.ts';
import { importSite } from '../../src/server/modules/site-import/index.ts';
import { createTestDatabase } from './db.ts';

export interface TestApp {
  readonly app: FastifyInstance;
  readonly database: Database;
  readonly config: Config;
  /** PostgreSQL only: a URL of this app's database (its schema first), for more pools on it. */
  readonly scopedUrl?: string;
  close(): Promise<void>;
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'vitrine-test-')),
    SESSION_SECRET: 'test-secret-that-is-long-enough-for-hmac',
    LOG_LEVEL: 'silent',
    ...env,
  });
}

export async function createTestApp(
  options: { importDemo?: boolean; env?: Record<string, string> } & Partial<
    Omit<AppDeps, 'config' | 'database'>
  > = {},
): Promise<TestApp> {
  const { importDemo = true, env, ...deps } = options;
  const testDatabase = await createTestDatabase();
  const { database } = testDatabase;
  const config = testConfig(env);
  if (importDemo)
    await importSite(database, await readSiteFile(DEMO_SITE_FILE), demoImport(config.dataDir));
  const app = await createApp({ config, database, logger: false, ...deps });
  await app.ready();
  return {
    app,
    database,
    config,
    ...(testDatabase.scopedUrl === undefined ? {} : { scopedUrl: testDatabase.scopedUrl }),
    close: async () => {
      await app.close();
      await testDatabase.cleanup();
      // The data directory made for this app (it holds the demo's image copies) goes with it.
      // An image rendition a browser asked for just before the close can still be landing in
      // it: a few bounded retries of the removal (ENOTEMPTY) let that write finish.
      if (env?.DATA_DIR === undefined)
        await rm(config.dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    },
  };
}
