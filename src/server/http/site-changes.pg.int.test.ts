/**
 * Site changes across processes on real PostgreSQL (http/site-changes.ts): two processes'
 * resolvers (two pools on one database, each with its own listening connection, the cache TTL
 * an hour) — a change published by one drops the other's cached site; its own notice does not
 * reach the sender twice; a notice about another schema is ignored; and a listener whose
 * connection is killed reconnects, drops the cache (notices sent meanwhile are lost) and hears
 * the next notice.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  describeWithPostgres,
  type TestDatabase,
} from '../../../test/helpers/db.ts';
import { openDatabase, schema, type Database } from '../db/index.ts';
import { createSiteResolver, type SiteResolver } from './current-site.ts';
import {
  broadcastingResolver,
  parseSiteChangeNotice,
  publishSiteChange,
  startSiteChangeFeed,
  type SiteChangeFeed,
} from './site-changes.ts';

const HOUR_MS = 60 * 60 * 1000;
/** Generous for a loaded machine; a notice takes milliseconds. */
const WAIT_MS = 10_000;
const log = { warn: () => undefined };

async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`waited ${WAIT_MS} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('parseSiteChangeNotice', () => {
  it('reads a notice and ignores anything else on the channel', () => {
    const notice = { schema: 'public', site: 's1', what: 'stock', from: 'p1' };
    expect(parseSiteChangeNotice(JSON.stringify(notice))).toEqual(notice);
    expect(parseSiteChangeNotice('not json')).toBeUndefined();
    expect(
      parseSiteChangeNotice(JSON.stringify({ ...notice, what: 'everything' })),
    ).toBeUndefined();
    expect(parseSiteChangeNotice('{}')).toBeUndefined();
  });
});

describeWithPostgres('site changes between processes', () => {
  let testDatabase: TestDatabase;
  let other: Database;
  let url: string;
  let siteId: string;
  const feeds: SiteChangeFeed[] = [];
  const reads = { editor: 0, reader: 0 };
  /** What the editor's listener heard, in order (its own drops carry no change). */
  const editorHeard: string[] = [];
  let editor: SiteResolver;
  let reader: SiteResolver;

  const title = async (resolver: SiteResolver) => (await resolver.current())?.title;
  const rename = async (to: string) => {
    await testDatabase.database.db
      .update(schema.sites)
      .set({ title: to })
      .where(eq(schema.sites.id, siteId));
  };

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    url = testDatabase.scopedUrl ?? '';
    siteId = 'site-changes';
    await testDatabase.database.db.insert(schema.sites).values({ id: siteId, title: 'First' });
    other = await openDatabase({ databaseUrl: url, dataDir: '.' });
    const counting = (database: Database, who: keyof typeof reads): SiteResolver => {
      const inner = createSiteResolver(database, { ttlMs: HOUR_MS });
      return {
        current: () => inner.current(),
        invalidate: (change) => {
          reads[who] += 1;
          if (who === 'editor' && change) editorHeard.push(change.what);
          inner.invalidate();
        },
        stockVersion: () => inner.stockVersion(),
      };
    };
    const editorLocal = counting(testDatabase.database, 'editor');
    const readerLocal = counting(other, 'reader');
    editor = broadcastingResolver(editorLocal, testDatabase.database, () => log, 'editor');
    reader = broadcastingResolver(readerLocal, other, () => log, 'reader');
    feeds.push(
      await startSiteChangeFeed({
        database: testDatabase.database,
        databaseUrl: url,
        local: editorLocal,
        log,
        self: 'editor',
      }),
      await startSiteChangeFeed({
        database: other,
        databaseUrl: url,
        local: readerLocal,
        log,
        self: 'reader',
        applicationName: `vitrine-listener-test-${process.pid}`,
      }),
    );
    await Promise.all(feeds.map((feed) => feed.ready));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(feeds.map((feed) => feed.close()));
    await other?.close();
    await testDatabase?.cleanup();
  });

  it('a change published by one process drops the cached site of the other', async () => {
    expect(await title(reader)).toBe('First');
    await rename('Second');
    // Cached for an hour: without a notice the reader keeps the old title.
    expect(await title(reader)).toBe('First');
    const before = reads.reader;
    const sentAt = performance.now();
    await publishSiteChange(testDatabase.database.db, { siteId, what: 'settings' }, 'editor');
    await waitFor(() => Promise.resolve(reads.reader > before), 'the notice');
    console.info(
      `site change notice heard ${Math.round(performance.now() - sentAt)} ms after NOTIFY`,
    );
    expect(await title(reader)).toBe('Second');
  });

  it("invalidate with a change tells the others; the sender's own notice is not heard again", async () => {
    expect(await title(reader)).toBe('Second');
    await rename('Third');
    const before = { ...reads };
    editor.invalidate({ siteId, what: 'catalog' });
    await waitFor(async () => (await title(reader)) === 'Third', 'the reader to reload');
    // The editor dropped its cache once, by itself. Its own notice ('catalog') reached its
    // listener too, before the reader's ('stock', sent later: one channel delivers in commit
    // order), and was ignored: the listener heard the reader's alone.
    const heardBefore = editorHeard.length;
    await publishSiteChange(testDatabase.database.db, { siteId, what: 'stock' }, 'reader');
    await waitFor(async () => editorHeard.includes('stock'), "the reader's notice");
    expect(editorHeard.slice(heardBefore)).toEqual(['stock']);
    expect(reads.editor).toBe(before.editor + 2);
  });

  it('ignores a notice about another schema', async () => {
    expect(await title(reader)).toBe('Third');
    const before = reads.reader;
    await testDatabase.database.db.execute(
      sql`select pg_notify('vitrine_site_changes', ${JSON.stringify({ schema: 'elsewhere', site: siteId, what: 'site', from: 'x' })})`,
    );
    // A notice for this schema afterwards arrives in order, so the first one was seen and ignored.
    await publishSiteChange(testDatabase.database.db, { siteId, what: 'site' }, 'editor');
    await waitFor(async () => reads.reader > before, 'the notice for this schema');
    expect(reads.reader).toBe(before + 1);
  });

  it('a listener whose connection is killed reconnects, drops the cache, and hears the next notice', async () => {
    const before = reads.reader;
    const killed = await testDatabase.database.db.execute(
      sql`select pg_terminate_backend(pid) as done from pg_stat_activity where application_name = ${`vitrine-listener-test-${process.pid}`}`,
    );
    expect((killed as { rows: unknown[] }).rows).toEqual([{ done: true }]);
    // The reconnection drops the cache: what was sent meanwhile never arrived.
    await waitFor(async () => reads.reader > before, 'the reconnection');
    expect(await title(reader)).toBe('Third');
    await rename('Fourth');
    expect(await title(reader)).toBe('Third');
    await publishSiteChange(testDatabase.database.db, { siteId, what: 'import' }, 'editor');
    await waitFor(async () => (await title(reader)) === 'Fourth', 'the reader to reload');
  });
});
