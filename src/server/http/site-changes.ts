/**
 * Cache invalidation across processes (docs/scaling.md, docs/adr/013-several-processes.md).
 * An owner edit or an import drops the site cache of the process that made it at once (and with
 * it every cache keyed by the CurrentSite object: pages, site context); a stock change moves its
 * stock version, which drops only what shows stock (current-site.ts). Either is then told to
 * every other process through PostgreSQL `NOTIFY` on one channel. Each serving process keeps one
 * dedicated connection listening on it; a notice does to that process's resolver what the
 * change did to the sender's.
 * A reconnected listener drops it too, since notices sent while it was away are lost. The
 * TTL stays as the safety net. On the embedded database (one process) nothing is sent.
 *
 * Payload (JSON, well under NOTIFY's 8,000 bytes): the database schema the change was made in
 * (channels are per database, and tests put several stores in one database, one per schema),
 * the site id, what changed, and the sending process, which ignores its own notice.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { listenOnChannel, type AppDb, type Database } from '../db/index.ts';
import { SITE_CHANGE_KINDS, type SiteChange, type SiteResolver } from './current-site.ts';

export const SITE_CHANGES_CHANNEL = 'vitrine_site_changes';

/** This process, as the sender of its notices. */
const THIS_PROCESS = randomUUID();

const noticeSchema = z.object({
  schema: z.string(),
  site: z.string(),
  what: z.enum(SITE_CHANGE_KINDS),
  from: z.string(),
});

export type SiteChangeNotice = z.infer<typeof noticeSchema>;

/** The notice as sent; undefined for a payload that is not one (another sender on the channel). */
export function parseSiteChangeNotice(payload: string): SiteChangeNotice | undefined {
  try {
    const parsed = noticeSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Tells every process listening on the database (this one included, which ignores it when
 * `from` is its own). Delivered when the statement commits: send it after the change is.
 */
export async function publishSiteChange(
  db: AppDb,
  change: SiteChange,
  from: string = THIS_PROCESS,
): Promise<void> {
  await db.execute(
    sql`select pg_notify(${SITE_CHANGES_CHANNEL}, json_build_object('schema', current_schema(), 'site', ${change.siteId}::text, 'what', ${change.what}::text, 'from', ${from}::text)::text)`,
  );
}

interface ChangeLog {
  warn(object: object, message: string): void;
}

/**
 * The resolver the app uses: `invalidate(change)` drops this process's cache, then publishes
 * the change (PostgreSQL only). A failed publish is logged: the TTL still bounds the delay.
 */
export function broadcastingResolver(
  local: SiteResolver,
  database: Database,
  log: () => ChangeLog,
  /** Only tests pass their own, to play two processes in one (see startSiteChangeFeed). */
  self: string = THIS_PROCESS,
): SiteResolver {
  return {
    current: () => local.current(),
    stockVersion: () => local.stockVersion(),
    invalidate(change) {
      local.invalidate(change);
      if (change === undefined || database.kind !== 'pg') return;
      publishSiteChange(database.db, change, self).catch((error: unknown) =>
        log().warn({ err: error, change }, 'could not tell other processes about a site change'),
      );
    },
  };
}

export interface SiteChangeFeed {
  /** Resolves once the listener is in place. */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Listens for other processes' notices about this database schema and drops `local`'s cached
 * site on each (and after every reconnection).
 */
export async function startSiteChangeFeed(options: {
  readonly database: Database;
  readonly databaseUrl: string;
  readonly local: SiteResolver;
  readonly log: ChangeLog;
  /** Only tests pass their own, to find the listening connection in pg_stat_activity. */
  readonly applicationName?: string;
  /** Only tests pass their own: a process hears its own notices otherwise. */
  readonly self?: string;
}): Promise<SiteChangeFeed> {
  const schema = await currentSchema(options.database.db);
  const self = options.self ?? THIS_PROCESS;
  const listener = listenOnChannel({
    databaseUrl: options.databaseUrl,
    channel: SITE_CHANGES_CHANNEL,
    ...(options.applicationName === undefined ? {} : { applicationName: options.applicationName }),
    message(payload) {
      const notice = parseSiteChangeNotice(payload);
      // The change is handed on for what it is worth (logs, tests); `local` is the process's
      // own resolver, never the broadcasting one, or each notice would be sent again.
      if (notice && notice.schema === schema && notice.from !== self)
        options.local.invalidate({ siteId: notice.site, what: notice.what });
    },
    reconnected: () => options.local.invalidate(),
    error: (error) => options.log.warn({ err: error }, 'site change listener lost its connection'),
  });
  return { ready: listener.ready, close: () => listener.close() };
}

async function currentSchema(db: AppDb): Promise<string> {
  const result = await db.execute(sql`select current_schema() as schema`);
  // Both drivers' raw results carry `rows` (PGlite Results, pg QueryResult).
  const [row] = z
    .array(z.object({ schema: z.string() }))
    .parse((result as { rows: unknown[] }).rows);
  if (row === undefined) throw new Error('the database has no current schema');
  return row.schema;
}
