/**
 * Site pages through app.inject(): page types, icon, landmarks and the context on the page;
 * the per-site context cache (queries per view, invalidate(), TTL); response headers (CSP the
 * pages satisfy, compression, ETag 304, immutable hashed assets); the themed error page; and a
 * non-English site language rendering money through the CLDR packs.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/helpers/app.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db.ts';
import { newVisitor } from '../../../test/helpers/session.ts';
import { insertOwner, insertSiteUser, login } from '../../../test/helpers/site-users.ts';
import { createApp } from '../app.ts';
import { schema } from '../db/index.ts';
import { createSiteResolver, SITE_CACHE_TTL_MS, type SiteResolver } from '../http/current-site.ts';
import { DEMO_SITE_FILE, readSiteFile } from '../main.ts';
import { OWNER_SESSION_PATH } from '../modules/owners/routes.ts';
import { importSite } from '../modules/site-import/index.ts';
import { loadClientAssets } from './client-assets.ts';
import { countingDatabase, type CountingDatabase } from './testing/counting-database.ts';

const PRODUCT_URL = '/shop/p/linen-shirt';
let testDatabase: TestDatabase;
let counted: CountingDatabase;
let sites: SiteResolver;
let app: FastifyInstance;
let clock = 1_000_000;

/** A client build of one hashed loader chunk, as Vite writes it. */
function fakeClientBuild(): string {
  const directory = mkdtempSync(path.join(tmpdir(), 'vitrine-client-'));
  mkdirSync(path.join(directory, '.vite'));
  mkdirSync(path.join(directory, 'assets'));
  writeFileSync(path.join(directory, 'assets', 'loader-3f9a1c.js'), 'export {};\n');
  writeFileSync(
    path.join(directory, '.vite', 'manifest.json'),
    JSON.stringify({ 'src/islands/loader.ts': { file: 'assets/loader-3f9a1c.js' } }),
  );
  return directory;
}

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  await importSite(testDatabase.database, await readSiteFile(DEMO_SITE_FILE));
  counted = countingDatabase(testDatabase.database);
  sites = createSiteResolver(counted.database, { now: () => clock });
  app = await createApp({
    config: testConfig(),
    database: counted.database,
    sites,
    assets: await loadClientAssets(fakeClientBuild()),
    logger: false,
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await testDatabase.cleanup();
});

async function setSite(values: Partial<typeof schema.sites.$inferInsert>): Promise<void> {
  await testDatabase.database.db
    .update(schema.sites)
    .set(values)
    .where(eq(schema.sites.id, 'vitrine-demo'));
}

async function demoSettings(): Promise<Record<string, unknown>> {
  const [row] = await testDatabase.database.db.select().from(schema.sites);
  return row?.settings ?? {};
}

function pageContextOf(html: string): Record<string, unknown> {
  const match = /<meta name="vitrine:page-context" content="([^"]*)">/.exec(html);
  if (!match?.[1]) throw new Error('the page carries no page context');
  const json = match[1]
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
  return JSON.parse(json) as Record<string, unknown>;
}

/** What the CSP (script-src 'self', script-src-attr 'none', style-src 'self') forbids in markup. */
function cspViolations(html: string): string[] {
  const problems: string[] = [];
  // A JSON-LD data block is never run, so the policy does not apply to it.
  for (const match of html.matchAll(/<script\b([^>]*)>/gi))
    if (!/\ssrc=|\stype="application\/ld\+json"/.test(match[1] ?? ''))
      problems.push(`inline script: ${match[0]}`);
  for (const match of html.matchAll(/<[a-z][^>]*\son[a-z]+\s*=/gi))
    problems.push(`handler: ${match[0]}`);
  for (const match of html.matchAll(/<[a-z][^>]*\sstyle\s*=/gi))
    problems.push(`style attribute: ${match[0]}`);
  if (/<style\b/i.test(html)) problems.push('style element');
  if (/href\s*=\s*"\s*javascript:/i.test(html)) problems.push('javascript: link');
  return problems;
}

const PAGES: [string, number, number][] = [
  ['/', 2, 200],
  ['/shop', 1, 200],
  [PRODUCT_URL, 50, 200],
  ['/contact', 2, 200],
  ['/no/such/page', 100, 404],
];

describe('every page', () => {
  it.each(PAGES)(
    '%s: page type %i on body and in the context, icon, landmarks, CSP kept',
    async (url, pageType, status) => {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(status);
      const html = response.body;
      expect(html).toContain(`<body data-page-type="${pageType}">`);
      expect(pageContextOf(html)).toMatchObject({ websiteId: 'vitrine-demo', pageType });
      expect(html).toMatch(
        /<link rel="icon" href="\/theme\/[A-Za-z0-9]{12}\/favicon.svg" type="image\/svg\+xml">/,
      );
      expect(html).toContain('<html lang="en-US">');
      expect(html).toMatch(/<a class="skip-link" href="#main">Skip to content<\/a>/);
      expect(html).toMatch(
        /<header class="site-header">[\s\S]*<nav class="site-nav" aria-label="Main">[\s\S]*data-island="CartCount"[\s\S]*<\/header>/,
      );
      expect(html).toContain('<main id="main" class="site-main" tabindex="-1">');
      expect(html).toContain('<footer class="site-footer">');
      // The copyright line's year is the server's, in the site's time zone (never written down).
      const year = new Date().getUTCFullYear();
      expect(html).toMatch(
        new RegExp(`<p class="site-footer-copyright">© (${year - 1}|${year}) Vitrine`),
      );
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("script-src-attr 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(cspViolations(html)).toEqual([]);
    },
  );

  it('marks the buttons merchants track for the button census: hero, add to cart', async () => {
    expect((await app.inject('/')).body).toMatch(
      /<a class="button button-primary" href="\/shop" data-census-button="hero-shop">/,
    );
    expect((await app.inject(PRODUCT_URL)).body).toMatch(
      /class="button-primary product-add"[^>]*data-census-button="add-to-cart"/,
    );
  });

  it('links the island loader by src, from the hashed assets', async () => {
    const html = (await app.inject('/')).body;
    expect(html).toContain(
      '<script type="module" src="/assets/loader-3f9a1c.js" fetchpriority="low"></script>',
    );
  });

  it('carries the page context values of docs/behaviour/templates.md#page-context-values', async () => {
    const context = pageContextOf((await app.inject(PRODUCT_URL)).body);
    expect(context).toEqual({
      websiteId: 'vitrine-demo',
      templateId: 'vitrine-default',
      templateVersion: '7.1',
      authenticatedAccountId: null,
      websiteRoles: [],
      pageType: 50,
      collectionId: null,
      itemId: expect.any(String),
      cookieSettings: { isCookieBannerEnabled: false, isRestrictiveCookiePolicyEnabled: false },
      storeSettings: {
        selectedCurrency: 'USD',
        customSoldOutText: '',
        soldOutDropdownDisabled: false,
        restockNotificationsEnabled: true,
        productReviewsEnabled: true,
        subscriptionKeepsOriginalUnit: false,
      },
    });
  });
});

describe('who is looking', () => {
  it("a signed-in owner's account and website roles are in the page context", async () => {
    await insertOwner(testDatabase.database.db, 'editor@example.com', 4);
    const visitor = await newVisitor(app, '/');
    const response = await visitor.inject({
      method: 'POST',
      url: OWNER_SESSION_PATH,
      payload: { email: 'editor@example.com', password: 'correct horse battery staple' },
    });
    expect(response.statusCode).toBe(200);
    const context = pageContextOf((await visitor.inject({ url: '/' })).body);
    expect(context.authenticatedAccountId).toEqual(expect.any(String));
    expect(context.websiteRoles).toEqual([4]);
  });

  it('a signed-in site user sees their email, and nothing of the login', async () => {
    await insertSiteUser(testDatabase.database.db, 'ann@example.com');
    const visitor = await newVisitor(app, '/');
    expect((await login(visitor, 'ann@example.com')).statusCode).toBe(200);
    const html = (await visitor.inject({ url: '/' })).body;
    expect(html).toContain('<p class="site-footer-account">ann@example.com</p>');
    // Login and session secrets never reach the page (the crumb may: forms post it back).
    for (const [name, value] of visitor.cookies) {
      if (name !== 'crumb' && value.length >= 16) expect(html).not.toContain(value.slice(0, 16));
    }
    expect(pageContextOf(html).authenticatedAccountId).toBeNull();
  });
});

describe('responses', () => {
  it('HTML is no-cache with an ETag; the same page again is a 304 without a body', async () => {
    const visitor = await newVisitor(app, '/');
    const first = await visitor.inject({ url: '/shop' });
    expect(first.headers['cache-control']).toMatch(/no-cache/);
    const etag = String(first.headers.etag);
    const again = await visitor.inject({ url: '/shop', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('compresses pages and theme assets for browsers that accept it', async () => {
    const gzip = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('<body data-page-type="2"');
    const br = await app.inject({ url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<body data-page-type="2"');
    const css = await app.inject({
      url: '/theme/site.css',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(css.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<body data-page-type="2"');
  });

  it('links theme assets under a content-hashed path, immutable for a year', async () => {
    const html = (await app.inject('/')).body;
    const href = /<link rel="stylesheet" href="(\/theme\/\w+\/site\.css)">/.exec(html)?.[1];
    expect(href).toBeDefined();
    const versioned = await app.inject(href ?? '');
    expect(versioned.statusCode).toBe(200);
    expect(versioned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await app.inject('/theme/site.css');
    expect(plain.headers['cache-control']).toBe('public, max-age=3600');
    expect(plain.body).toBe(versioned.body);
  });

  it('serves hashed client assets immutable for a year', async () => {
    const response = await app.inject('/assets/loader-3f9a1c.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('the site context cache', () => {
  async function queriesFor(url: string): Promise<number> {
    counted.reset();
    const response = await app.inject(url);
    expect(response.statusCode).toBe(200);
    return counted.count();
  }

  it.each(['/', '/shop', PRODUCT_URL, '/contact'])(
    '%s: a repeated view reads nothing until the site reloads (site, navigation and page cached)',
    async (url) => {
      sites.invalidate();
      const uncached = await queriesFor(url);
      // The site row, the two navigation lists (collections, pages) and the page's own lookups.
      expect(uncached).toBeGreaterThan(3);
      expect(await queriesFor(url)).toBe(0);
    },
  );

  it('reads a page where nothing is published again on every view, so a flood cannot fill the cache', async () => {
    await queriesFor('/');
    counted.reset();
    expect((await app.inject('/no-such-page')).statusCode).toBe(404);
    const first = counted.count();
    counted.reset();
    expect((await app.inject('/no-such-page')).statusCode).toBe(404);
    expect(first).toBeGreaterThan(0);
    expect(counted.count()).toBe(first);
  });

  it(`shows a product edited by another process after ${SITE_CACHE_TTL_MS} ms, and an owner's edit at once`, async () => {
    const title = async () =>
      /<h1 class="product-title">([^<]*)</.exec((await app.inject(PRODUCT_URL)).body)?.[1];
    const setTitle = (value: string) =>
      testDatabase.database.db
        .update(schema.products)
        .set({ title: value })
        .where(eq(schema.products.fullUrl, PRODUCT_URL));
    const original = await title();
    await setTitle('Linen Shirt, Edited Elsewhere');
    clock += SITE_CACHE_TTL_MS - 1;
    expect(await title()).toBe(original);
    clock += 1;
    expect(await title()).toBe('Linen Shirt, Edited Elsewhere');
    await setTitle('Linen Shirt, Edited Here');
    sites.invalidate();
    expect(await title()).toBe('Linen Shirt, Edited Here');
    await setTitle(original ?? '');
    sites.invalidate();
  });

  it('shows an edit on the next page after invalidate(), not before', async () => {
    await app.inject('/');
    await setSite({ title: 'Renamed Store' });
    expect((await app.inject('/')).body).toContain(
      '<a class="site-title" href="/">Vitrine Demo Store</a>',
    );
    sites.invalidate();
    expect((await app.inject('/')).body).toContain(
      '<a class="site-title" href="/">Renamed Store</a>',
    );
  });

  it(`re-reads the site after ${SITE_CACHE_TTL_MS} ms without an invalidate() (another process's edit)`, async () => {
    await app.inject('/');
    await setSite({ title: 'Edited Elsewhere' });
    clock += SITE_CACHE_TTL_MS - 1;
    expect((await app.inject('/')).body).not.toContain('Edited Elsewhere');
    clock += 1;
    expect((await app.inject('/')).body).toContain(
      '<a class="site-title" href="/">Edited Elsewhere</a>',
    );
    await setSite({ title: 'Vitrine Demo Store' });
    sites.invalidate();
  });
});

describe('settings reach the page', () => {
  it('renders navigation link targets, localized strings, sold-out text, scarcity and the pay-later teaser', async () => {
    const settings = await demoSettings();
    const [product] = await testDatabase.database.db
      .select({ id: schema.products.id })
      .from(schema.products)
      .where(eq(schema.products.fullUrl, PRODUCT_URL));
    await setSite({
      settings: {
        ...(settings as typeof schema.sites.$inferInsert.settings),
        featureFlags: { ...(settings.featureFlags as object), payLaterTeaser: true },
        localizedStrings: { skipToContent: 'Aller au contenu' },
        navigationLinks: [
          {
            title: 'Write to us',
            target: { type: 'email', to: 'hello@example.com', subject: 'Hello' },
          },
          { title: 'Call us', target: { type: 'phone', number: '+1 (555) 010-2030' } },
        ],
        productMerchandising: {
          [product?.id ?? '']: {
            customSoldOutText: 'Back in May',
            optionsTableShown: true,
            scarcityEnabled: true,
            scarcityThreshold: 10_000,
          },
        },
      } as typeof schema.sites.$inferInsert.settings,
    });
    sites.invalidate();
    const home = (await app.inject('/')).body;
    expect(home).toContain('<a href="mailto:hello@example.com?subject=Hello">Write to us</a>');
    expect(home).toContain('<a href="tel:+15550102030">Call us</a>');
    expect(home).toContain('<a class="skip-link" href="#main">Aller au contenu</a>');
    const item = (await app.inject(PRODUCT_URL)).body;
    expect(item).toContain('<span class="variant-sold-out">Back in May</span>');
    expect(item).toMatch(/<span class="variant-scarcity">Only \d+ left in stock<\/span>/);
    expect(item).toMatch(
      /<span class="pay-later-message">4 interest-free payments of \$13\.50<\/span>/,
    );
    await setSite({ settings: settings as typeof schema.sites.$inferInsert.settings });
    sites.invalidate();
  });

  it('renders prices in the site language (fr-FR, EUR) through the CLDR packs', async () => {
    const settings = await demoSettings();
    await setSite({
      settings: {
        ...settings,
        language: 'fr-FR',
        currency: 'EUR',
      } as typeof schema.sites.$inferInsert.settings,
    });
    sites.invalidate();
    const html = (await app.inject(PRODUCT_URL)).body;
    expect(html).toContain('<html lang="fr-FR">');
    // French CLDR: comma decimals, the euro sign after a (narrow) no-break space.
    expect(html).toMatch(/<p class="product-price">from 54,00\s€<\/p>/u);
    await setSite({ settings: settings as typeof schema.sites.$inferInsert.settings });
    sites.invalidate();
  });

  it('renders a de-DE site in German: money, dates and the product marks of its strings', async () => {
    const settings = await demoSettings();
    const german: Record<string, unknown> = {
      ...settings,
      language: 'de-DE',
      currency: 'EUR',
      localizedStrings: { sale: 'Angebot', fromPrice: 'ab' },
    };
    await setSite({ settings: german as typeof schema.sites.$inferInsert.settings });
    sites.invalidate();
    try {
      const product = (await app.inject(PRODUCT_URL)).body;
      expect(product).toContain('<html lang="de-DE">');
      // German CLDR: comma decimals, the euro sign after a no-break space.
      expect(product).toMatch(/<p class="product-price">ab 54,00\s€<\/p>/u);
      // product-status words its mark with the site's own string, not the English default.
      const shop = (await app.inject('/shop')).body;
      expect(shop).toContain('<div class="product-mark sale">Angebot</div>');
      expect(shop).not.toContain('<div class="product-mark sale">sale</div>');
      const post = (await app.inject('/journal/caring-for-linen')).body;
      expect(post).toMatch(
        /<time datetime="2026-09-10T13:00:00\.000Z">10\. September 2026<\/time>/,
      );
    } finally {
      await setSite({ settings: settings as typeof schema.sites.$inferInsert.settings });
      sites.invalidate();
    }
  });
});

describe('collection views', () => {
  const setView = async (view: 'grid' | 'list') => {
    await testDatabase.database.db
      .update(schema.collections)
      .set({ view })
      .where(eq(schema.collections.id, 'shop'));
    sites.invalidate();
  };

  it('lists a collection as a grid of cards by default, and as rows with excerpts in list view', async () => {
    const grid = (await app.inject('/shop')).body;
    expect(grid).toContain('<ul class="product-grid">');
    expect(grid).not.toContain('class="product-list"');
    await setView('list');
    try {
      const list = (await app.inject('/shop')).body;
      expect(list).toContain('<ul class="product-list">');
      expect(list).not.toContain('class="product-grid"');
      expect(list).toContain(
        `<h2 class="product-row-title"><a href="${PRODUCT_URL}">Linen Shirt</a></h2>`,
      );
      expect(list).toMatch(/<p class="product-row-excerpt">[^<]+<\/p>/);
    } finally {
      await setView('grid');
    }
  });
});

describe('the error page', () => {
  it('answers a failure while serving a page with the themed 500 (page type 101), no detail', async () => {
    await app.inject('/');
    counted.failWith(
      new Error('relation "secret_table" does not exist\n    at Query.run (db.ts:1:1)'),
    );
    try {
      const response = await app.inject('/shop');
      expect(response.statusCode).toBe(500);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toContain('<body data-page-type="101"');
      expect(response.body).toContain('<h1>Something went wrong</h1>');
      // The site's own layout: its navigation and styles stay.
      expect(response.body).toContain('<a href="/shop">Shop</a>');
      expect(response.body).toMatch(/href="\/theme\/\w+\/site.css"/);
      expect(response.body).not.toContain('secret_table');
      expect(response.body).not.toContain('Query.run');
      expect(cspViolations(response.body)).toEqual([]);
    } finally {
      counted.failWith(undefined);
    }
  });
});
