import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/helpers/db.ts';
import { parseSiteFile, type SiteFileInput } from '../../../shared/site-file/index.ts';
import { schema, type Database } from '../../db/index.ts';
import { checkPagePassword } from '../content/page-password.ts';
import { exportSite, importSite, SiteFileError } from './index.ts';

function contentFile(): SiteFileInput {
  return {
    website: { id: 'content-site', title: 'Content' },
    collections: [
      {
        id: 'journal',
        title: 'Journal',
        fullUrl: '/journal',
        type: 1,
        password: 'open sesame',
      },
      {
        id: 'events',
        title: 'Events',
        fullUrl: '/events',
        type: 1,
        membersOnly: true,
        likeCount: 3,
      },
    ],
    pages: [
      {
        id: 'later',
        title: 'Later',
        fullUrl: '/later',
        status: 'scheduled',
        publishOn: '2030-01-01T00:00:00.000Z',
      },
    ],
    posts: [
      {
        id: 'hello',
        collectionId: 'journal',
        title: 'Hello',
        fullUrl: '/journal/hello',
        status: 'draft',
        publishOn: '2026-01-02T09:00:00.000Z',
        author: 'Ana Ruiz',
        excerpt: 'Short',
        body: '<p>Long</p>',
        tags: ['linen'],
        categories: ['News'],
        sourceUrl: 'https://press.example/linen',
        passthrough: true,
        likeCount: 7,
      },
      { id: 'bare', collectionId: 'journal', title: 'Bare', fullUrl: '/journal/bare' },
    ],
    events: [
      {
        id: 'market',
        collectionId: 'events',
        title: 'Market',
        fullUrl: '/events/market',
        startDate: '2026-07-04T08:00:00.000Z',
        endDate: '2026-07-04T14:00:00.000Z',
        allDay: true,
        location: { addressTitle: 'Quay', addressLine1: '1 Quay St', mapLat: 45.5, mapLng: 4.25 },
        tags: ['market'],
      },
    ],
  };
}

describe('posts, events, schedules and passwords through import and export', () => {
  let database: Database;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    ({ database, cleanup } = await createTestDatabase());
  });
  afterAll(() => cleanup());

  it('stores a clear password only as a scrypt hash that checks the password', async () => {
    const summary = await importSite(database, contentFile());
    expect(summary.contentItems).toBe(3);
    const [journal] = await database.db
      .select()
      .from(schema.collections)
      .where(eq(schema.collections.id, 'journal'));
    expect(journal?.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(journal?.passwordHash).not.toContain('open sesame');
    expect(await checkPagePassword('open sesame', journal?.passwordHash ?? '')).toBe(true);
    expect(await checkPagePassword('open', journal?.passwordHash ?? '')).toBe(false);
  });

  it('exports every field back, the password as its hash, and re-imports to the same file', async () => {
    const exported = await exportSite(database, 'content-site');
    const parsed = parseSiteFile(contentFile());
    if (!parsed.success) throw new Error(parsed.errors.join('\n'));
    const journal = { ...parsed.data.collections[0] };
    delete journal.password;
    expect(exported.collections[0]).toEqual({
      ...journal,
      passwordHash: expect.stringMatching(/^scrypt\$/) as string,
    });
    expect(exported.collections[1]).toEqual(parsed.data.collections[1]);
    expect(exported.pages).toEqual(parsed.data.pages);
    expect(exported.posts).toEqual(parsed.data.posts);
    expect(exported.events).toEqual(parsed.data.events);
    expect(parseSiteFile(exported).success).toBe(true);

    await importSite(database, exported);
    expect(await exportSite(database, 'content-site')).toEqual(exported);
  });

  it('deletes posts and events the file no longer has', async () => {
    const file = contentFile();
    file.posts = file.posts?.slice(0, 1);
    file.events = [];
    const summary = await importSite(database, file);
    expect(summary.contentItems).toBe(1);
    const exported = await exportSite(database, 'content-site');
    expect(exported.posts.map((post) => post.id)).toEqual(['hello']);
    expect(exported.events).toEqual([]);
  });

  it('refuses a bad post naming it, and changes nothing', async () => {
    const file = contentFile();
    const [first] = file.posts ?? [];
    if (!first) throw new Error('the fixture has a post');
    first.tags = ['x'.repeat(51)];
    const before = await exportSite(database, 'content-site');
    const error = await importSite(database, file).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SiteFileError);
    expect((error as SiteFileError).errors).toEqual([
      'posts[0].tags[0]: A tag is at most 50 characters (post "hello")',
    ]);
    expect(await exportSite(database, 'content-site')).toEqual(before);
  });
});
