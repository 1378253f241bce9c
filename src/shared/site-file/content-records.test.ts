import { describe, expect, it } from 'vitest';
import { LIMITS, parseSiteFile, type SiteFileInput } from './index.ts';
import { BACKGROUND_SOURCES, COLLECTION_TYPES, FOLDER_BEHAVIORS } from './enums.ts';

function found<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`no ${what} in the fixture`);
  return value;
}
const post = (file: SiteFileInput) => found(file.posts?.[0], 'posts[0]');
const event = (file: SiteFileInput) => found(file.events?.[0], 'events[0]');
const page = (file: SiteFileInput, index: number) => found(file.pages?.[index], `pages[${index}]`);
const collection = (file: SiteFileInput, index: number) =>
  found(file.collections?.[index], `collections[${index}]`);

/** A small valid file with a blog, an event calendar and protected pages; each test breaks one thing. */
function contentFile(): SiteFileInput {
  return {
    website: { id: 'site', title: 'Test Store' },
    collections: [
      { id: 'shop', title: 'Shop', fullUrl: '/shop' },
      { id: 'journal', title: 'Journal', fullUrl: '/journal', type: 1 },
      { id: 'events', title: 'Events', fullUrl: '/events', type: 1, membersOnly: true },
    ],
    pages: [
      { id: 'about', title: 'About', fullUrl: '/about' },
      { id: 'press', title: 'Press', fullUrl: '/press', password: 'vitrine' },
      {
        id: 'later',
        title: 'Later',
        fullUrl: '/later',
        status: 'scheduled',
        publishOn: '2030-01-01T00:00:00Z',
      },
    ],
    posts: [
      {
        id: 'hello',
        collectionId: 'journal',
        title: 'Hello',
        fullUrl: '/journal/hello',
        author: 'Ana',
        publishOn: '2026-01-02T09:00:00Z',
        tags: ['linen'],
        categories: ['News'],
      },
    ],
    events: [
      {
        id: 'market',
        collectionId: 'events',
        title: 'Market',
        fullUrl: '/events/market',
        startDate: '2026-07-04T10:00:00+02:00',
        endDate: '2026-07-04T16:00:00+02:00',
        location: { addressLine1: '1 Quay St', addressCountry: 'France', mapLat: 45, mapLng: 4 },
      },
    ],
  };
}

function errorsOf(edit: (file: SiteFileInput) => void): string[] {
  const file = structuredClone(contentFile());
  edit(file);
  const result = parseSiteFile(file);
  if (result.success) throw new Error('expected the file to be invalid');
  return result.errors;
}

describe('site file: posts, events, publication and access', () => {
  it('accepts posts, events, scheduled records, passwords and members-only collections', () => {
    const result = parseSiteFile(contentFile());
    expect(result.success ? [] : result.errors).toEqual([]);
    if (!result.success) return;
    expect(result.data.events[0]?.allDay).toBe(false);
    expect(result.data.pages[0]?.membersOnly).toBe(false);
  });

  it('needs a publish time on a scheduled record', () => {
    expect(
      errorsOf((file) => {
        post(file).status = 'scheduled';
        delete post(file).publishOn;
      }),
    ).toEqual([
      'posts[0].publishOn: A scheduled record needs publishOn (when it appears) (post "hello")',
    ]);
    expect(
      errorsOf((file) => {
        delete page(file, 2).publishOn;
      }),
    ).toEqual([
      'pages[2].publishOn: A scheduled record needs publishOn (when it appears) (page "later")',
    ]);
  });

  it(`limits tags to ${LIMITS.tagLength} and categories to ${LIMITS.categoryLength} characters`, () => {
    expect(
      errorsOf((file) => {
        post(file).tags = ['t'.repeat(LIMITS.tagLength + 1)];
        post(file).categories = ['c'.repeat(LIMITS.categoryLength + 1)];
      }),
    ).toEqual([
      'posts[0].tags[0]: A tag is at most 50 characters (post "hello")',
      'posts[0].categories[0]: A category is at most 25 characters (post "hello")',
    ]);
    const fits = structuredClone(contentFile());
    post(fits).tags = ['t'.repeat(LIMITS.tagLength)];
    post(fits).categories = ['c'.repeat(LIMITS.categoryLength)];
    expect(parseSiteFile(fits).success).toBe(true);
  });

  it('holds at most 60 blocks per layout and 250 images per gallery block', () => {
    expect(LIMITS.blocksPerLayout).toBe(60);
    expect(LIMITS.itemsPerOrderableCollection).toBe(250);
    const blocks = (n: number) => Array.from({ length: n }, () => ({ type: 'text' }));
    const gallery = (n: number) => ({
      type: 'gallery',
      items: Array.from({ length: n }, (_, i) => ({ url: `/i${i}.jpg` })),
    });
    expect(
      errorsOf((file) => {
        page(file, 0).blocks = blocks(61);
      }),
    ).toEqual(['pages[0].blocks: At most 60 blocks per layout (page "about")']);
    expect(
      errorsOf((file) => {
        page(file, 0).blocks = [gallery(251)];
      }),
    ).toEqual(['pages[0].blocks[0].items: At most 250 images per gallery (page "about")']);
    const fits = structuredClone(contentFile());
    page(fits, 0).blocks = [...blocks(59), gallery(250)];
    expect(parseSiteFile(fits).success).toBe(true);
  });

  it("takes a collection type only from the platform's table", () => {
    expect(Object.values(COLLECTION_TYPES)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 15, 16, 17, 18,
    ]);
    expect(FOLDER_BEHAVIORS).toEqual({ index: 1, redirect: 2, none: 3 });
    expect(BACKGROUND_SOURCES).toEqual({ upload: 1, instagram: 2, video: 3, none: 4 });
    expect(
      errorsOf((file) => {
        collection(file, 0).type = 9;
      }),
    ).toEqual([
      'collections[0].type: Must be a collection type code: 1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 15, 16, 17, 18 (collection "shop")',
    ]);
  });

  it("keeps a post's sourceUrl, passthrough and likeCount, and a collection's likeCount", () => {
    const file = structuredClone(contentFile());
    Object.assign(post(file), {
      sourceUrl: 'https://press.example/a',
      passthrough: true,
      likeCount: 4,
    });
    collection(file, 1).likeCount = 2;
    const result = parseSiteFile(file);
    if (!result.success) throw new Error(result.errors.join('\n'));
    expect(result.data.posts[0]).toMatchObject({
      sourceUrl: 'https://press.example/a',
      passthrough: true,
      likeCount: 4,
    });
    expect(result.data.collections[1]?.likeCount).toBe(2);
    expect(result.data.collections[0]?.likeCount).toBe(0);
    expect(
      errorsOf((bad) => {
        Object.assign(post(bad), { passthrough: true });
      }),
    ).toEqual(['posts[0].passthrough: A passthrough post needs a sourceUrl (post "hello")']);
    expect(
      errorsOf((bad) => {
        Object.assign(post(bad), { sourceUrl: 'ftp://x', likeCount: -1 });
      }),
    ).toHaveLength(2);
  });

  it('refuses an event that ends before it starts, or without dates', () => {
    expect(
      errorsOf((file) => {
        event(file).endDate = '2026-07-04T09:00:00+02:00';
      }),
    ).toEqual(['events[0].endDate: Must not be before startDate (event "market")']);
    expect(
      errorsOf((file) => {
        event(file).startDate = 'next tuesday';
      }),
    ).toEqual([
      'events[0].startDate: Must be an ISO 8601 date-time, e.g. 2026-03-14T15:09:26Z (event "market")',
    ]);
  });

  it('refuses unknown fields and places off the map', () => {
    expect(
      errorsOf((file) => {
        Object.assign(post(file), { likes: 3 });
        event(file).location = { mapLat: 91 };
      }),
    ).toEqual([
      'posts[0]: Unknown field "likes" (post "hello")',
      'events[0].location.mapLat: Too big: expected number to be <=90 (event "market")',
    ]);
  });

  it('lists a collection as a grid unless it says list, and refuses other views', () => {
    const file = structuredClone(contentFile());
    Object.assign(collection(file, 1), { view: 'list' });
    const parsed = parseSiteFile(file);
    if (!parsed.success) throw new Error(parsed.errors.join('\n'));
    expect(parsed.data.collections.map((c) => c.view)).toEqual(['grid', 'list', 'grid']);
    const [message] = errorsOf((file) => Object.assign(collection(file, 0), { view: 'table' }));
    expect(message).toMatch(/^collections\[0\]\.view: .*"grid"\|"list"/);
  });

  it('puts posts and events in an existing generic collection', () => {
    expect(
      errorsOf((file) => {
        post(file).collectionId = 'shop';
        event(file).collectionId = 'nowhere';
      }),
    ).toEqual([
      'posts[0].collectionId: Collection "shop" has type 13; posts and events belong to a generic collection (type 1) (post "hello")',
      'events[0].collectionId: No collection with id "nowhere" (event "market")',
    ]);
  });

  it('shares ids between posts and events, and URLs with every other record', () => {
    expect(
      errorsOf((file) => {
        event(file).id = 'hello';
        event(file).fullUrl = '/about';
      }),
    ).toEqual([
      'events[0].id: Duplicate post or event id "hello" (also at posts[0].id) (event "hello")',
      'events[0].fullUrl: Duplicate fullUrl "/about" (also at pages[0].fullUrl) (event "hello")',
    ]);
  });

  it('protects a record by password or for members, not both, and one password form at a time', () => {
    expect(
      errorsOf((file) => {
        page(file, 1).membersOnly = true;
        page(file, 1).passwordHash = 'scrypt$1024$8$1$c2FsdA==$aGFzaA==';
      }),
    ).toEqual([
      'pages[1].passwordHash: Give password or passwordHash, not both (page "press")',
      'pages[1].membersOnly: A record is either password-protected or members-only, not both (page "press")',
    ]);
    expect(
      errorsOf((file) => {
        collection(file, 1).passwordHash = 'plain-text';
      }),
    ).toEqual([
      'collections[1].passwordHash: Must be a hash written by `vitrine export` (scrypt$N$r$p$salt$hash) (collection "journal")',
    ]);
  });

  it('checks a site-wide password: 1–200 characters, or an exported hash, not both', () => {
    expect(
      errorsOf((file) => {
        file.website.settings = { sitePassword: '', sitePasswordHash: 'plain' };
      }),
    ).toEqual([
      'website.settings.sitePassword: Must be a password of 1–200 characters',
      'website.settings.sitePasswordHash: Must be a hash written by `vitrine export` (scrypt$N$r$p$salt$hash)',
      'website.settings.sitePasswordHash: Give sitePassword or sitePasswordHash, not both',
    ]);
    const locked = structuredClone(contentFile());
    locked.website.settings = { sitePasswordHash: 'scrypt$1024$8$1$c2FsdA==$aGFzaA==' };
    expect(parseSiteFile(locked).success).toBe(true);
  });
});
