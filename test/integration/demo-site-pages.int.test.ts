/**
 * Every URL of the demo store, as an anonymous visitor sees it: what is published answers 200;
 * draft, needs-review, private and future scheduled records 404; password-protected pages (and
 * everything in a protected collection) 401 with the lock screen; members-only ones 403. The
 * expectations are derived from demo/site.json itself, so a record added to the demo is checked
 * without touching this test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSiteFile, DEMO_SITE_FILE } from '../../src/server/main.ts';
import { parseSiteFile, type SiteFile } from '../../src/shared/site-file/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

type Expected = 200 | 401 | 403 | 404;

interface Access {
  readonly status?: string | undefined;
  readonly publishOn?: string | undefined;
  readonly passwordHash?: string | undefined;
  readonly password?: string | undefined;
  readonly membersOnly?: boolean;
}

function isPublished(record: Access, now: Date): boolean {
  if (record.status === undefined || record.status === 'published') return true;
  return (
    record.status === 'scheduled' &&
    record.publishOn !== undefined &&
    Date.parse(record.publishOn) <= now.getTime()
  );
}

function guard(record: Access | undefined): Expected | undefined {
  if (!record) return undefined;
  if (record.password !== undefined || record.passwordHash !== undefined) return 401;
  if (record.membersOnly) return 403;
  return undefined;
}

/** Each URL of the file with the status an anonymous visitor gets. */
function expectations(file: SiteFile, now: Date): [string, Expected][] {
  const collections = new Map(file.collections.map((c) => [c.id, c]));
  const urls: [string, Expected][] = [];
  const add = (fullUrl: string, records: (Access | undefined)[]) => {
    const [own, home] = records;
    const published = records.every((record) => !record || isPublished(record, now));
    // A product in an unpublished collection is still sold: only a post or event needs its collection.
    urls.push([fullUrl, !published ? 404 : (guard(own) ?? guard(home) ?? 200)]);
  };
  for (const c of file.collections) add(c.fullUrl, [c]);
  for (const p of file.pages) add(p.fullUrl, [p]);
  for (const p of file.products) {
    const home = p.collectionId ? collections.get(p.collectionId) : undefined;
    const status = isPublished(p, now) ? (guard(home) ?? 200) : 404;
    urls.push([p.fullUrl, status]);
  }
  for (const item of [...file.posts, ...file.events])
    add(item.fullUrl, [item, collections.get(item.collectionId)]);
  return urls;
}

describe('the demo store, URL by URL, for an anonymous visitor', () => {
  let test: TestApp;
  let file: SiteFile;

  beforeAll(async () => {
    test = await createTestApp();
    const parsed = parseSiteFile(await readSiteFile(DEMO_SITE_FILE));
    if (!parsed.success) throw new Error(parsed.errors.join('\n'));
    file = parsed.data;
  });
  afterAll(() => test.close());

  it('has something of every kind to check', () => {
    const statuses = new Set(expectations(file, new Date()).map(([, status]) => status));
    expect([...statuses].sort()).toEqual([200, 401, 403, 404]);
    expect(file.posts.length).toBeGreaterThanOrEqual(3);
    expect(file.events.length).toBeGreaterThanOrEqual(1);
  });

  it('answers every URL with the status its record calls for', async () => {
    const answers: [string, number][] = [];
    for (const [url] of expectations(file, new Date())) {
      const response = await test.app.inject({ url });
      answers.push([url, response.statusCode]);
    }
    expect(answers).toEqual(expectations(file, new Date()));
  });

  it('serves home, search and the event calendar files', async () => {
    for (const url of ['/', '/search', '/search?q=linen']) {
      expect((await test.app.inject({ url })).statusCode, url).toBe(200);
    }
    for (const event of file.events) {
      const response = await test.app.inject({ url: `/calendar/${event.id}/event.ics` });
      expect(response.statusCode, event.id).toBe(isPublished(event, new Date()) ? 200 : 404);
    }
  });

  it('shows the lock screen and the member-area page with their page types', async () => {
    const locked = await test.app.inject({ url: '/trade' });
    expect(locked.body).toContain('data-page-type="105"');
    expect(locked.body).toContain('name="password"');
    const members = await test.app.inject({ url: '/members' });
    expect(members.body).toContain('data-page-type="106"');
    expect(members.body).toContain('Member area access denied');
  });
});
