/**
 * Boots a serving process: config, database, migrations, optional demo import, client assets,
 * the app, the socket; and shuts it down gracefully on SIGTERM/SIGINT (stop accepting, finish
 * in-flight requests, close the database).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createApp } from './app.ts';
import type { Config } from './config.ts';
import { migrate, openDatabase, schema, type Database } from './db/index.ts';
import { importSite, isDatabaseEmpty, type ImportOptions } from './modules/site-import/index.ts';
import { addDemoSiteUser } from './modules/site-users/index.ts';
import { loadClientAssets } from './render/client-assets.ts';
import { addDemoOwners, createSetupLink, SETUP_LINK_PATH } from './modules/owners/index.ts';

export const DEMO_SITE_FILE = path.resolve(import.meta.dirname, '../../demo/site.json');

export const NO_SMTP_WARNING =
  'SMTP_URL is not set: emails (order confirmations, restock notices, password resets) wait in ' +
  'the outbox table and are not sent until it is.';

export interface ServeOptions {
  /** Import demo/site.json when the database holds no site yet. */
  readonly importDemoIfEmpty: boolean;
  /**
   * Told each slow step before it starts (opening the database, migrating, importing the demo),
   * so a first start on an empty database does not sit silent for a minute.
   */
  readonly progress?: (step: string) => void;
}

export interface RunningServer {
  readonly app: FastifyInstance;
  readonly database: Database;
  readonly url: string;
  /**
   * On the embedded database, for a site with no owner yet: the one-time link (1 hour, single
   * use) that creates the first ADMIN. `vitrine owner add` cannot open the database while this
   * process holds it.
   */
  readonly setupUrl?: string;
  close(): Promise<void>;
}

/** Import options for the demo: its image files are in demo/images, stored under DATA_DIR. */
export function demoImport(dataDir: string): ImportOptions {
  return { images: { siteDir: path.dirname(DEMO_SITE_FILE), dataDir } };
}

export async function readSiteFile(file: string): Promise<unknown> {
  return JSON.parse(await readFile(file, 'utf8')) as unknown;
}

export async function serve(config: Config, options: ServeOptions): Promise<RunningServer> {
  const progress = options.progress ?? (() => undefined);
  progress(
    config.databaseUrl === undefined
      ? `Opening the embedded database in ${path.join(config.dataDir, 'pglite')}…`
      : 'Connecting to PostgreSQL…',
  );
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    lockTimeoutMs: config.database.lockTimeoutMs,
    statementTimeoutMs: config.database.statementTimeoutMs,
    poolSize: config.database.poolSize,
  });
  try {
    await prepareDatabase(database, config, options);
    const assets = await loadClientAssets();
    const app = await createApp({ config, database, assets });
    // Shoppers are told 'A confirmation is on its way' either way: the operator must know once
    // that without a transport those messages only queue.
    if (config.smtpUrl === undefined) app.log.warn(NO_SMTP_WARNING);
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const url = `http://localhost:${port}`;
    const setupToken =
      config.databaseUrl === undefined ? await firstOwnerSetupToken(database) : undefined;
    let closing: Promise<void> | undefined;
    return {
      app,
      database,
      url,
      ...(setupToken === undefined
        ? {}
        : {
            setupUrl: `${(config.publicUrl ?? url).replace(/\/+$/, '')}${SETUP_LINK_PATH}?token=${setupToken}`,
          }),
      close: () => (closing ??= closeServer(app).then(() => database.close())),
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/**
 * Migrates, and imports the demo into an empty database when asked: what a serving process does
 * before it listens, and what `serve --workers N` does once before forking (workers.ts).
 */
export async function prepareDatabase(
  database: Database,
  config: Config,
  options: ServeOptions,
): Promise<void> {
  const progress = options.progress ?? (() => undefined);
  progress('Applying database migrations…');
  await migrate(database);
  if (options.importDemoIfEmpty && (await isDatabaseEmpty(database))) {
    progress('Importing the demo store (first start on an empty database)…');
    const demo = await importSite(
      database,
      await readSiteFile(DEMO_SITE_FILE),
      demoImport(config.dataDir),
    );
    await addDemoSiteUser(database, demo.siteId);
    // Demo owners have a published password: a production start never creates them.
    if (config.nodeEnv !== 'production') await addDemoOwners(database);
  }
}

/** A setup link's secret when the (one) site has no owner yet; undefined otherwise. */
async function firstOwnerSetupToken(database: Database): Promise<string | undefined> {
  const [site] = await database.db.select({ id: schema.sites.id }).from(schema.sites).limit(1);
  return site ? createSetupLink(database, site.id) : undefined;
}

/**
 * app.close() stops accepting and waits for every connection to end. A keep-alive connection
 * that was busy when it began turns idle once its response is sent, and would then hold the
 * shutdown for Fastify's keepAliveTimeout (72 s): such connections are closed as they turn idle.
 * (test/reliability/graceful-shutdown.int.test.ts: SIGTERM with checkouts in flight.)
 */
async function closeServer(app: FastifyInstance): Promise<void> {
  const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
  }
}

/** SIGTERM/SIGINT: stop accepting, let in-flight requests finish, close the pool, exit 0. */
export function closeOnSignals(server: RunningServer): void {
  const shutdown = (signal: NodeJS.Signals) => {
    server.app.log.info({ signal }, 'shutting down');
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}
