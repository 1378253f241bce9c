import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { schema } from '../../db/index.ts';
import { createSiteResolver, type CurrentSite } from '../../http/current-site.ts';
import { sitemapEntries } from './sitemap-entries.ts';

const { collections, contentItems, products } = schema;

let harness: TestApp;
let site: CurrentSite;

beforeAll(async () => {
  harness = await createTestApp();
  const current = await createSiteResolver(harness.database).current();
  if (!current) throw new Error('the demo site is missing');
  site = current;
});
afterAll(() => harness.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  harness.app.inject({ url, headers: { host: 'shop.example', ...headers } });

/** The <loc> of every <url> in a sitemap, in order. */
const locations = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => String(match[1]));

const DEMO_PRODUCTS = [
  'field-notebook',
  'linen-napkins',
  'linen-shirt',
  'market-tote',
  'mending-session',
  'monogram-handkerchief',
  'shirt-pattern',
  'stoneware-mug',
  'store-gift-card',
  'tea-of-the-month',
  'wool-beanie',
  'work-jacket',
].map((slug) => `/shop/p/${slug}`);

describe('GET /robots.txt', () => {
  it('names the sitemap on the request origin and disallows the visitor-only paths and the API', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe(
      [
        'User-agent: *',
        'Disallow: /cart',
        'Disallow: /checkout',
        'Disallow: /account',
        'Disallow: /config',
        'Disallow: /api/',
        '',
        'Sitemap: http://shop.example/sitemap.xml',
        '',
      ].join('\n'),
    );
    // The same for everyone: no session cookie, revalidated like a page.
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('public, no-cache');
  });

  it('uses PUBLIC_URL when it is set', async () => {
    const other = await createTestApp({
      importDemo: false,
      env: { PUBLIC_URL: 'https://www.vitrine.example/' },
    });
    try {
      const response = await other.app.inject({ url: '/robots.txt' });
      expect(response.body).toContain('Sitemap: https://www.vitrine.example/sitemap.xml\n');
    } finally {
      await other.close();
    }
  });
});

describe('GET /sitemap.xml', () => {
  it('lists every published page, collection, product, post and event a visitor may open, with lastmod', async () => {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.body).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">\n/,
    );
    const expected = [
      '/',
      '/contact',
      '/events',
      '/events/autumn-market',
      '/gallery',
      '/journal',
      '/journal/caring-for-linen',
      '/shop',
      ...DEMO_PRODUCTS,
    ].sort();
    expect(locations(response.body)).toEqual(expected.map((path) => `http://shop.example${path}`));
    // Left out: the password page (/trade), the members' page, a scheduled post and a draft.
    for (const hidden of ['/trade', '/members', 'notebook-paper', 'winter-range'])
      expect(response.body).not.toContain(hidden);
    const urls = response.body.match(/<url>.*<\/url>/g) ?? [];
    expect(urls).toHaveLength(expected.length);
    for (const url of urls)
      expect(url).toMatch(/<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z<\/lastmod>/);
  });

  it('answers an unchanged sitemap with 304 to its ETag', async () => {
    const first = await get('/sitemap.xml');
    const etag = first.headers.etag;
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const again = await get('/sitemap.xml', { 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('follows the content: a product made draft leaves, a scheduled one whose time came appears with it as lastmod, a locked collection takes its products with it', async () => {
    const { db } = harness.database;
    const publishOn = new Date('2026-10-01T12:00:00.000Z');
    const updatedAt = new Date('2026-01-01T00:00:00.000Z');
    await db
      .update(products)
      .set({ status: 'draft' })
      .where(eq(products.fullUrl, '/shop/p/wool-beanie'));
    await db
      .update(products)
      .set({ status: 'scheduled', publishOn, updatedAt })
      .where(eq(products.fullUrl, '/shop/p/market-tote'));
    await db
      .update(products)
      .set({ status: 'scheduled', publishOn: new Date('2099-01-01T00:00:00Z') })
      .where(eq(products.fullUrl, '/shop/p/work-jacket'));
    try {
      const body = (await get('/sitemap.xml')).body;
      expect(body).not.toContain('wool-beanie');
      expect(body).not.toContain('work-jacket');
      expect(body).toContain(
        '<url><loc>http://shop.example/shop/p/market-tote</loc><lastmod>2026-10-01T12:00:00.000Z</lastmod></url>',
      );

      for (const lock of [{ membersOnly: true }, { passwordHash: 'scrypt$locked' }]) {
        await db.update(collections).set(lock).where(eq(collections.fullUrl, '/shop'));
        await db.update(collections).set(lock).where(eq(collections.fullUrl, '/journal'));
        const locked = locations((await get('/sitemap.xml')).body);
        const paths = locked.map((url) => new URL(url).pathname);
        expect(paths.filter((path) => path.startsWith('/shop'))).toEqual([]);
        expect(paths.filter((path) => path.startsWith('/journal'))).toEqual([]);
        expect(locked).toContain('http://shop.example/events/autumn-market');
        await db
          .update(collections)
          .set({ membersOnly: false, passwordHash: null })
          .where(eq(collections.siteId, site.id));
      }

      // A post of an unpublished collection is not shown either.
      await db
        .update(collections)
        .set({ status: 'draft' })
        .where(eq(collections.fullUrl, '/events'));
      const withoutEvents = (await get('/sitemap.xml')).body;
      expect(withoutEvents).not.toContain('/events');
      const [event] = await db
        .select({ id: contentItems.id })
        .from(contentItems)
        .where(eq(contentItems.fullUrl, '/events/autumn-market'));
      expect(event).toBeDefined();
    } finally {
      await db.update(products).set({ status: 'published' }).where(eq(products.siteId, site.id));
      await db
        .update(collections)
        .set({ status: 'published', membersOnly: false, passwordHash: null })
        .where(eq(collections.siteId, site.id));
    }
  });

  it('lists nothing while the whole site is behind a password', async () => {
    const locked = { ...site, settings: { ...site.settings, sitePasswordHash: 'scrypt$locked' } };
    expect(await sitemapEntries(harness.database.db, locked)).toEqual([]);
    expect((await sitemapEntries(harness.database.db, site)).length).toBeGreaterThan(0);
  });

  it('percent-encodes and escapes paths', async () => {
    const { db } = harness.database;
    await db
      .update(products)
      .set({ fullUrl: '/shop/p/tea & café' })
      .where(eq(products.fullUrl, '/shop/p/tea-of-the-month'));
    try {
      const body = (await get('/sitemap.xml')).body;
      expect(body).toContain('<loc>http://shop.example/shop/p/tea%20&amp;%20caf%C3%A9</loc>');
    } finally {
      await db
        .update(products)
        .set({ fullUrl: '/shop/p/tea-of-the-month' })
        .where(eq(products.fullUrl, '/shop/p/tea & café'));
    }
  });
});
