/**
 * The `vitrine` commands: start (build if stale, migrate, import the demo into an empty
 * database, serve), serve, dev, migrate, import, export, jobs and owner. Every command answers
 * `--help` (or `-h`) with its usage and exit code 0; a mistake in a command line, a bad site
 * file, a bad configuration or an embedded database held by another process is one line on
 * stderr and exit code 1, never a stack trace.
 */
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SiteFileError } from '../shared/site-file/file.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { DatabaseInUseError } from './db/dir-lock.ts';
import { parseWorkerCount, WorkersRefusal } from './workers-option.ts';
import type { Database } from './db/index.ts';
import type { SiteChangeKind } from './http/current-site.ts';

// Each command loads the server's modules it needs when it runs, so `--help` answers at once.
const database = () => import('./db/index.ts');
const server = () => import('./main.ts');
const clientBuild = () => import('./build/client-build.ts');
const siteImport = () => import('./modules/site-import/index.ts');
const backupModule = () => import('./modules/backup/index.ts');

/** Kept here, not read from the owners module, so `vitrine --help` loads no server code. */
const OWNER_ADD_USAGE = 'owner add EMAIL --role ROLE';

/**
 * The environment as the command found it. Work done in this process (a production client
 * build sets NODE_ENV) must not change the configuration the server is started with.
 */
const STARTING_ENV: NodeJS.ProcessEnv = Object.freeze({ ...process.env });

const ROOT = path.resolve(import.meta.dirname, '../..');

interface Command {
  /** The command line as typed after `vitrine`. */
  readonly usage: string;
  readonly summary: string;
  run(args: readonly string[]): Promise<void>;
}

/** A mistake in the command line; `usage` is the command's own, when the command is known. */
class UsageError extends Error {
  usage: string | undefined;
}
/** The theme failed the escaping lint: its findings are the message. */
class ThemeLintError extends Error {}

async function withDatabase<T>(
  work: (opened: Database, config: Config) => Promise<T>,
  options: { migrateFirst?: boolean } = {},
): Promise<T> {
  const config = loadConfig(STARTING_ENV);
  const { migrate, openDatabase } = await database();
  const opened = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    if (options.migrateFirst !== false) await migrate(opened);
    return await work(opened, config);
  } finally {
    await opened.close();
  }
}

/**
 * On PostgreSQL, servers may be running beside the command: they are told the sites changed, so
 * they drop their cached pages now rather than when their cache expires (docs/scaling.md).
 */
async function tellRunningServers(
  opened: Database,
  siteIds: readonly string[],
  what: SiteChangeKind = 'import',
): Promise<void> {
  if (opened.kind !== 'pg') return;
  const { publishSiteChange } = await import('./http/site-changes.ts');
  for (const siteId of siteIds) await publishSiteChange(opened.db, { siteId, what });
}

/** A backup or restore refused for its file or the database: one line, exit code 1. */
class CommandRefusal extends Error {}

function say(line: string): void {
  console.log(line);
}

async function runServe(importDemoIfEmpty: boolean, workers = 1): Promise<void> {
  const config = loadConfig(STARTING_ENV);
  const { closeOnSignals, serve } = await server();
  const { isWorkerProcess, runPrimary } = await import('./workers.ts');
  if (isWorkerProcess()) {
    // The primary migrated, imported the demo and says where the workers serve.
    closeOnSignals(await serve(config, { importDemoIfEmpty: false }));
    return;
  }
  if (workers > 1) {
    const { prepareDatabase } = await server();
    await runPrimary(config, {
      workers,
      prepare: (opened) => prepareDatabase(opened, config, { importDemoIfEmpty, progress: say }),
      say,
    });
    return;
  }
  const running = await serve(config, { importDemoIfEmpty, progress: say });
  closeOnSignals(running);
  say(`Vitrine is serving ${running.url}`);
  if (running.setupUrl !== undefined)
    say(
      `No owner yet: open ${running.setupUrl} within 1 hour to create the first admin (the link works once).`,
    );
  if (importDemoIfEmpty) say(`Open ${running.url}/ to see the store.`);
}

/** `--workers N` (or `auto`) among a command's arguments; 1 without it. */
function workersOption(name: string, args: readonly string[]): number {
  if (args.length === 0) return 1;
  const [flag, value, ...extra] = args;
  if (flag !== '--workers' || extra.length > 0)
    throw new UsageError(`${name} takes only --workers N (or --workers auto).`);
  return parseWorkerCount(value);
}

/** `start`: what `npm start` runs on a fresh clone. */
async function runStart(workers: number): Promise<void> {
  const { ensureClientBuild } = await clientBuild();
  const built = await ensureClientBuild(undefined, {
    onBuildStart: () =>
      say('Building the client bundles (the first start, or their sources changed)…'),
  });
  if (built) say('Built the client bundles.');
  await runServe(true, workers);
}

/** Builds once, so the server starts with a manifest, then rebuilds and restarts on change. */
async function runDev(): Promise<void> {
  const { buildClient } = await clientBuild();
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

function noArguments(name: string, args: readonly string[]): void {
  if (args.length > 0) throw new UsageError(`${name} takes no arguments.`);
}

const COMMANDS: Readonly<Record<string, Command>> = {
  start: {
    usage: 'start [--workers N|auto]',
    summary:
      'build the client bundles if stale, migrate, import the demo into an empty database, serve',
    run: async (args) => {
      await runStart(workersOption('start', args));
    },
  },
  serve: {
    usage: 'serve [--workers N|auto]',
    summary:
      'migrate and serve (the client bundles must be built: npm run build); --workers N runs N processes on one port (PostgreSQL only; auto: one per core)',
    run: async (args) => {
      await runServe(false, workersOption('serve', args));
    },
  },
  dev: {
    usage: 'dev',
    summary: 'watch mode: rebuild the bundles and restart the server on change',
    run: async (args) => {
      noArguments('dev', args);
      await runDev();
    },
  },
  migrate: {
    usage: 'migrate',
    summary: 'apply the database migrations',
    run: async (args) => {
      noArguments('migrate', args);
      await withDatabase(() => Promise.resolve());
      say('Migrations applied.');
    },
  },
  import: {
    usage: 'import FILE',
    summary: 'validate, then import a site file (the format of demo/site.json)',
    run: async ([file, ...extra]) => {
      if (!file || extra.length > 0) throw new UsageError('import needs one file.');
      // Validate before loading the server's modules or touching the database: a bad file is
      // refused as soon as the file format is loaded, not after the whole server is.
      const { parseSiteFile } = await import('../shared/site-file/index.ts');
      const data = JSON.parse(await readFile(path.resolve(file), 'utf8')) as unknown;
      const parsed = parseSiteFile(data);
      if (!parsed.success) throw new SiteFileError(parsed.errors);
      const { importSite } = await siteImport();
      // The site renders through the theme: a template printing unescaped values refuses the import.
      const { formatThemeFindings, lintTheme } = await import('./render/theme-lint.ts');
      const findings = await lintTheme();
      if (findings.length > 0)
        throw new ThemeLintError(
          `The theme prints unescaped values:\n${formatThemeFindings(findings)}`,
        );
      // Image files named in the site file are relative to its folder.
      const images = { siteDir: path.dirname(path.resolve(file)) };
      await withDatabase(async (database, config) => {
        const { siteId } = await importSite(database, data, {
          images: { ...images, dataDir: config.dataDir },
        });
        await tellRunningServers(database, [siteId]);
      });
      say(`Imported ${file}.`);
    },
  },
  export: {
    usage: 'export [FILE]',
    summary: 'export the site in the same format (to stdout without FILE)',
    run: async ([file, ...extra]) => {
      if (extra.length > 0) throw new UsageError('export takes at most one file.');
      // The module is loaded once the database is open: a database held by another process is
      // said without loading it.
      const site = await withDatabase(async (opened) => (await siteImport()).exportSite(opened));
      const json = `${JSON.stringify(site, null, 2)}\n`;
      if (file) {
        await writeFile(path.resolve(file), json);
        console.error(`Exported the site to ${file}.`);
      } else {
        process.stdout.write(json);
      }
    },
  },
  backup: {
    usage: 'backup FILE',
    summary:
      'write every table (orders, customers, submissions, analytics, …) to FILE in the backup format of docs/backup.md; on PostgreSQL pg_dump is the better tool',
    run: async ([file, ...extra]) => {
      if (!file || extra.length > 0) throw new UsageError('backup needs one file.');
      const { writeBackup } = await backupModule();
      const done = await withDatabase((opened) => writeBackup(opened, path.resolve(file)));
      say(`Backed up ${done.rows} rows of ${done.tables} tables to ${file}.`);
    },
  },
  restore: {
    usage: 'restore FILE [--force]',
    summary:
      'read a backup into the database (its migrations run first, the rest after); refuses a database with data in it unless --force, which replaces everything',
    run: async (args) => {
      const force = args.includes('--force');
      const files = args.filter((arg) => arg !== '--force');
      const [file] = files;
      if (!file || files.length > 1 || file.startsWith('-'))
        throw new UsageError('restore needs one file (and optionally --force).');
      const { restoreBackup, BackupFileError, RestoreRefusedError } = await backupModule();
      try {
        const done = await withDatabase(
          async (opened) => {
            const restored = await restoreBackup(opened, path.resolve(file), { force });
            const { schema } = await database();
            const sites = await opened.db.select({ id: schema.sites.id }).from(schema.sites);
            await tellRunningServers(
              opened,
              sites.map((site) => site.id),
            );
            return restored;
          },
          // The restore runs the migrations itself: first up to the backup's, then the rest.
          { migrateFirst: false },
        );
        say(`Restored ${done.rows} rows of ${done.tables} tables from ${file}.`);
      } catch (error) {
        if (error instanceof BackupFileError || error instanceof RestoreRefusedError)
          throw new CommandRefusal(error.message);
        if (error instanceof Error && 'code' in error && error.code === 'ENOENT')
          throw new CommandRefusal(`No such file: ${file}`);
        throw error;
      }
    },
  },
  jobs: {
    usage: 'jobs run',
    summary: 'run the jobs that are due (subscription renewals) once and exit; for a cron',
    run: async (args) => {
      if (args.join(' ') !== 'run') throw new UsageError('Expected: jobs run.');
      const { describeJobRun, runJobsOnce } = await import('./modules/subscriptions/index.ts');
      const { createServices } = await import('./services.ts');
      const summary = await withDatabase(async (opened, config) => {
        // The same provider and mailer a serving process builds (src/server/services.ts).
        const { mailer, payments } = createServices(config, opened);
        const run = await runJobsOnce({ database: opened, mailer, payments });
        // Renewal orders took stock: the servers' product pages show it.
        await tellRunningServers(opened, run.stockChangedSites, 'stock');
        return run;
      });
      say(describeJobRun(summary));
    },
  },
  owner: {
    usage: OWNER_ADD_USAGE,
    summary:
      'add a site owner, or give an existing one a new role and password; ROLE is a website role name (ADMIN, STORE_MANAGER, …) or its code; the password comes from VITRINE_OWNER_PASSWORD or is prompted without echo',
    run: async (args) => {
      const { runOwnerCommand } = await import('./modules/owners/index.ts');
      process.exitCode = await runOwnerCommand(args, withDatabase, {
        env: STARTING_ENV,
        log: say,
        error: (line) => console.error(line),
      });
    },
  },
};

const HELP_FLAGS = new Set(['--help', '-h', 'help']);

function usage(): string {
  const width = Math.max(...Object.values(COMMANDS).map((command) => command.usage.length));
  const lines = Object.values(COMMANDS).map(
    (command) => `  ${command.usage.padEnd(width)}  ${command.summary}`,
  );
  return [
    'Usage: vitrine <command> [--help]',
    '',
    'Commands:',
    ...lines,
    '',
    'Configuration comes from the environment; see docs/configuration.md.',
  ].join('\n');
}

async function main(argv: readonly string[]): Promise<void> {
  const [name, ...args] = argv;
  if (name === undefined || HELP_FLAGS.has(name)) {
    say(usage());
    return;
  }
  // The dev server restarts itself through this entry point; the benchmarks serve through it,
  // with --workers to measure several processes.
  if (name === 'serve-demo') return runServe(true, workersOption('serve-demo', args));
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) throw new UsageError(`Unknown command "${name}".`);
  if (args.some((arg) => arg === '--help' || arg === '-h')) {
    say(`Usage: vitrine ${command.usage}\n\n${command.summary}`);
    return;
  }
  try {
    await command.run(args);
  } catch (error) {
    // A command's own mistake is answered with that command's usage, not the whole list.
    if (error instanceof UsageError) error.usage = `Usage: vitrine ${command.usage}`;
    throw error;
  }
}

/** Runs one command line; what went wrong is said on stderr and the exit code set to 1. */
export async function runCli(argv: readonly string[]): Promise<void> {
  try {
    await main(argv);
  } catch (error) {
    if (error instanceof UsageError) console.error(`${error.message}\n\n${error.usage ?? usage()}`);
    else if (
      error instanceof ConfigError ||
      error instanceof SiteFileError ||
      error instanceof ThemeLintError ||
      error instanceof CommandRefusal ||
      error instanceof DatabaseInUseError ||
      error instanceof WorkersRefusal
    )
      console.error(error.message);
    else console.error(error);
    process.exitCode = 1;
  }
}
