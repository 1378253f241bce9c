/**
 * The `vitrine` command line: start (build if stale, migrate, import the demo into an empty
 * database, serve), serve, dev, migrate and import.
 */
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildClient, ensureClientBuild } from './build/client-build.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { migrate, openDatabase } from './db/index.ts';
import { closeOnSignals, readSiteFile, serve } from './main.ts';
import { runOwnerCommand } from './modules/owners/cli-command.ts';
import { describeJobRun, runJobsOnce } from './modules/subscriptions/jobs.ts';
import { exportSite, importSite, SiteFileError } from './modules/site-import/index.ts';
import { parseSiteFile } from '../shared/site-file/index.ts';
import { createServices } from './services.ts';

const USAGE = `Usage: vitrine <command>

Commands:
  start           build the client bundles if stale, migrate, import the demo into an empty database, serve
  serve           migrate and serve (the client bundles must be built)
  dev             watch mode: rebuild bundles and restart the server on change
  migrate         apply database migrations
  import <file>   import a site file (the format of demo/site.json); the file is validated first
  export [file]   export the site in the same format (to stdout without a file)
  jobs run        run the jobs that are due (subscription renewals) once and exit; for a cron
  owner add EMAIL --role ROLE
                  add a site owner with a website role (ADMIN, STORE_MANAGER, … or its code);
                  password from VITRINE_OWNER_PASSWORD or prompted
  help            show this text

Configuration comes from the environment; see README.md.`;

const ROOT = path.resolve(import.meta.dirname, '../..');

async function withDatabase<T>(
  work: (database: Awaited<ReturnType<typeof openDatabase>>, config: Config) => Promise<T>,
): Promise<T> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(database);
    return await work(database, config);
  } finally {
    await database.close();
  }
}

async function runServe(importDemoIfEmpty: boolean): Promise<void> {
  const config = loadConfig();
  const server = await serve(config, { importDemoIfEmpty });
  closeOnSignals(server);
  console.log(`Vitrine is serving ${server.url}`);
}

/** Builds once, so the server starts with a manifest, then rebuilds and restarts on change. */
async function runDev(): Promise<void> {
  await buildClient(undefined, 'development');
  const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);
  const children = [
    spawn(bin('vite'), ['build', '--watch', '--mode', 'development'], {
      cwd: ROOT,
      stdio: 'inherit',
    }),
    spawn(bin('tsx'), ['watch', 'src/server/cli.ts', 'serve-demo'], {
      cwd: ROOT,
      stdio: 'inherit',
    }),
  ];
  const stop = () => {
    for (const child of children) child.kill('SIGTERM');
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

async function main(argv: string[]): Promise<void> {
  // `owner` parses its own options (--role); the other commands take none.
  const args = argv[0] === 'owner' ? argv.slice(0, 1) : argv;
  const { positionals } = parseArgs({ args, allowPositionals: true, strict: true });
  const [command = 'help', ...rest] = positionals;
  switch (command) {
    case 'start':
      if (await ensureClientBuild()) console.log('Built the client bundles.');
      await runServe(true);
      return;
    case 'serve':
      await runServe(false);
      return;
    case 'serve-demo':
      await runServe(true);
      return;
    case 'dev':
      await runDev();
      return;
    case 'migrate':
      await withDatabase(() => Promise.resolve());
      console.log('Migrations applied.');
      return;
    case 'import': {
      const [file] = rest;
      if (!file) throw new UsageError('import needs a file: vitrine import <file>');
      const data = await readSiteFile(path.resolve(file));
      // Validate before touching the database: a bad file is refused in milliseconds.
      const parsed = parseSiteFile(data);
      if (!parsed.success) throw new SiteFileError(parsed.errors);
      // Image files named in the site file are relative to its folder.
      const images = { siteDir: path.dirname(path.resolve(file)) };
      await withDatabase((database, config) =>
        importSite(database, data, { images: { ...images, dataDir: config.dataDir } }),
      );
      console.log(`Imported ${file}.`);
      return;
    }
    case 'export': {
      const [file] = rest;
      const site = await withDatabase((database) => exportSite(database));
      const json = `${JSON.stringify(site, null, 2)}\n`;
      if (file) {
        await writeFile(path.resolve(file), json);
        console.error(`Exported the site to ${file}.`);
      } else {
        process.stdout.write(json);
      }
      return;
    }
    case 'jobs': {
      if (rest.join(' ') !== 'run') throw new UsageError('Usage: vitrine jobs run');
      const summary = await withDatabase((database, config) => {
        const { mailer, payments } = createServices(config, database);
        return runJobsOnce({ database, mailer, payments });
      });
      console.log(describeJobRun(summary));
      return;
    }
    case 'owner':
      process.exitCode = await runOwnerCommand(argv.slice(1), withDatabase);
      return;
    case 'help':
      console.log(USAGE);
      return;
    default:
      throw new UsageError(`Unknown command "${command}".`);
  }
}

class UsageError extends Error {}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
  else if (error instanceof ConfigError || error instanceof SiteFileError)
    console.error(error.message);
  else console.error(error);
  process.exitCode = 1;
});
