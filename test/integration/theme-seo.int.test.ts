/**
 * What search engines and link previews read on every page type of the demo store, as rendered
 * (docs/behaviour/storefront-pages.md#theme-site-styles-and-search-engines): the page's own title
 * in `<title>`, Open Graph and Twitter tags; a meta description; a canonical address for pages
 * with one; JSON-LD that parses, with the site's `Organization` everywhere, a `BreadcrumbList` on
 * collection and product pages and a `Product` on product pages. And the parts of the theme the
 * site file sets without editing templates: the featured heading and the footer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';

/** url, status, the page's own title (null: the site's title alone), its canonical path. */
const PAGES: readonly (readonly [string, number, string | null, string | null])[] = [
  ['/', 200, null, '/'],
  ['/shop', 200, 'Shop', '/shop'],
  ['/shop/p/linen-shirt', 200, 'Linen Shirt', '/shop/p/linen-shirt'],
  ['/shop/p/store-gift-card', 200, 'Vitrine Gift Card', '/shop/p/store-gift-card'],
  ['/contact', 200, 'Contact', '/contact'],
  ['/journal', 200, 'Journal', '/journal'],
  ['/journal/caring-for-linen', 200, 'Caring for linen', '/journal/caring-for-linen'],
  ['/events/autumn-market', 200, 'Autumn market at the studio', '/events/autumn-market'],
  ['/search?q=linen', 200, 'Search: linen', null],
  ['/cart', 200, 'Your cart', null],
  ['/account/login', 200, 'Log in', null],
  ['/no-such-page', 404, 'Page not found', null],
];

const SITE_TITLE = 'Vitrine Demo Store';
let harness: TestApp;

beforeAll(async () => {
  harness = await createTestApp();
}, 120_000);
afterAll(() => harness.close());

const unescape = (value: string) =>
  value
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

/** The head's meta tags by name or property, its canonical link, title and JSON-LD. */
function head(html: string) {
  const section = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? '';
  const meta = new Map<string, string>();
  for (const [, key, value] of section.matchAll(
    /<meta (?:name|property)="([^"]+)" content="([^"]*)">/g,
  ))
    if (key !== undefined && value !== undefined) meta.set(key, unescape(value));
  const title = unescape(/<title>([^<]*)<\/title>/.exec(section)?.[1] ?? '');
  const canonical = /<link rel="canonical" href="([^"]*)">/.exec(section)?.[1];
  const scripts = [
    ...section.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g),
  ];
  const jsonLd = scripts.flatMap(
    ([, body]) => JSON.parse(body ?? '[]') as Record<string, unknown>[],
  );
  return { meta, title, canonical, jsonLd, scriptCount: scripts.length };
}

async function page(url: string, status: number): Promise<string> {
  const response = await harness.app.inject({ url, headers: { accept: 'text/html' } });
  expect(response.statusCode, url).toBe(status);
  return response.body;
}

describe('search engines and sharing', () => {
  it.each(PAGES)(
    '%s: title, description, canonical, Open Graph, Twitter and JSON-LD',
    async (url, status, pageTitle, canonicalPath) => {
      const tags = head(await page(url, status));
      expect(tags.title).toBe(pageTitle === null ? SITE_TITLE : `${pageTitle} · ${SITE_TITLE}`);
      const shared = pageTitle ?? SITE_TITLE;
      expect(tags.meta.get('og:title')).toBe(shared);
      expect(tags.meta.get('twitter:title')).toBe(shared);
      expect(tags.meta.get('og:site_name')).toBe(SITE_TITLE);
      expect(tags.meta.get('og:type')).toMatch(/^(website|product|article)$/);
      expect(tags.meta.get('twitter:card')).toMatch(/^summary(_large_image)?$/);
      if (tags.meta.has('og:image')) {
        expect(tags.meta.get('twitter:card')).toBe('summary_large_image');
        expect(tags.meta.get('twitter:image')).toBe(tags.meta.get('og:image'));
        expect(tags.meta.get('og:image')).toMatch(/^https?:\/\//);
      }
      if (canonicalPath === null) {
        expect(tags.canonical).toBeUndefined();
      } else {
        expect(new URL(tags.canonical ?? '').pathname).toBe(canonicalPath);
        expect(tags.meta.get('og:url')).toBe(tags.canonical);
        // A page with an address of its own describes itself to search results.
        expect(tags.meta.get('description')?.length ?? 0).toBeGreaterThan(10);
        expect(tags.meta.get('og:description')).toBe(tags.meta.get('description'));
      }
      expect(tags.scriptCount).toBe(1);
      expect(tags.jsonLd[0]).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: SITE_TITLE,
      });
    },
  );

  it('a product page carries its Product, with offers and rating, and its breadcrumb', async () => {
    const { jsonLd, meta } = head(await page('/shop/p/linen-shirt', 200));
    expect(meta.get('og:type')).toBe('product');
    expect(meta.get('og:image')).toMatch(/linen-shirt-sand\.jpg\?format=1000w$/);
    const types = jsonLd.map((entry) => entry['@type']);
    expect(types).toEqual(['Organization', 'Product', 'BreadcrumbList']);
    const product = jsonLd[1] ?? {};
    expect(product).toMatchObject({ name: 'Linen Shirt' });
    const offers = product.offers as Record<string, unknown>[];
    expect(offers.length).toBeGreaterThan(1);
    for (const offer of offers)
      expect(offer).toMatchObject({
        '@type': 'Offer',
        price: expect.stringMatching(/^\d+\.\d{2}$/),
        priceCurrency: 'USD',
        availability: expect.stringMatching(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/),
      });
    expect(product.aggregateRating).toMatchObject({
      '@type': 'AggregateRating',
      ratingValue: expect.any(Number),
      reviewCount: expect.any(Number),
    });
    const trail = (jsonLd[2]?.itemListElement ?? []) as Record<string, unknown>[];
    expect(trail.map((step) => step.name)).toEqual([SITE_TITLE, 'Shop', 'Linen Shirt']);
    expect(trail.map((step) => step.position)).toEqual([1, 2, 3]);
  });

  it('a collection page carries its breadcrumb; the home page the Organization only', async () => {
    const shop = head(await page('/shop', 200)).jsonLd;
    expect(shop.map((entry) => entry['@type'])).toEqual(['Organization', 'BreadcrumbList']);
    const home = head(await page('/', 200)).jsonLd;
    expect(home.map((entry) => entry['@type'])).toEqual(['Organization']);
    expect(home[0]).toMatchObject({
      sameAs: ['https://www.instagram.com/vitrine.demo', 'https://www.pinterest.com/vitrinedemo'],
      email: 'hello@vitrine.example',
    });
  });
});

describe('what the site file sets', () => {
  it('names the featured products with the heading the site file gives', async () => {
    const html = await page('/', 200);
    expect(html).toContain('<h2 id="featured-heading">New this season</h2>');
  });

  it('fills the footer: text, social links, contact details, navigation, copyright', async () => {
    const html = await page('/shop', 200);
    const footer = /<footer class="site-footer">([\s\S]*?)<\/footer>/.exec(html)?.[1] ?? '';
    expect(footer).toContain('made in small runs in the Hudson Valley.');
    expect(footer).toMatch(
      /<ul class="site-footer-social"><li><a href="https:\/\/www\.instagram\.com\/vitrine\.demo" rel="noopener me">Instagram<\/a><\/li><li><a href="https:\/\/www\.pinterest\.com\/vitrinedemo" rel="noopener me">Pinterest<\/a><\/li><\/ul>/,
    );
    expect(footer).toMatch(/<address class="site-footer-contact">\s*12 Mill Lane<br>Hudson, NY/);
    expect(footer).toContain('<a href="mailto:hello@vitrine.example">hello@vitrine.example</a>');
    expect(footer).toMatch(/<a href="tel:\+15185550134">\+1 \(518\) 555-0134<\/a>/);
    expect(footer).toMatch(/<nav class="site-footer-nav" aria-label="[^"]+">[\s\S]*href="\/shop"/);
    expect(footer).toMatch(/© \d{4} Vitrine Demo Store/);
  });
});
