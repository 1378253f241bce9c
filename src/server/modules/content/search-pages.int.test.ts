import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { contentFixture, GAZETTE_POSTS } from '../../../../test/helpers/content-fixture.ts';
import { importSite } from '../site-import/index.ts';
import { SEARCH_PAGE_SIZE } from './search-query.ts';

/** The result links of a search page, in order: the product cards', then the text results'. */
function resultUrls(html: string): string[] {
  return [
    ...html.matchAll(/<a class="product-card-link" href="([^"]+)">|<h2><a href="([^"]+)">/g),
  ].map((match) => match[1] ?? match[2] ?? '');
}

describe('GET /search', () => {
  let test: TestApp;
  const search = (query: string) => test.app.inject({ url: `/search?${query}` });

  beforeAll(async () => {
    test = await createTestApp({ importDemo: false });
    await importSite(test.database, await contentFixture());
  });
  afterAll(() => test.close());

  it('shows the form (page type 102) and no results for an empty query', async () => {
    for (const url of ['/search', '/search?q=', '/search?q=%20%20']) {
      const response = await test.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('data-page-type="102"');
      expect(response.body).toContain(
        '<form class="search-form" role="search" method="get" action="/search">',
      );
      expect(response.body).not.toContain('search-summary');
    }
  });

  it('finds published products, pages, posts and events by full text, and nothing unpublished or locked', async () => {
    const response = await search('q=zephyr');
    expect(response.statusCode).toBe(200);
    const urls = resultUrls(response.body);
    expect([...urls].sort()).toEqual(
      [
        '/agenda/event-published',
        '/agenda/event-scheduled-past',
        '/blog/post-published',
        '/blog/post-scheduled-past',
        '/page-published',
        '/page-scheduled-past',
        '/shop/p/product-published',
        '/shop/p/product-scheduled-past',
      ].sort(),
    );
    expect(response.body).toContain('8 results for “zephyr”');
    // Products show as product cards; the other kinds as text results under their kind.
    expect(response.body).toContain(
      '<a class="product-card-link" href="/shop/p/product-published">',
    );
    for (const label of ['Page', 'Blog post', 'Event'])
      expect(response.body).toContain(`<p class="search-result-kind">${label}</p>`);
  });

  it('stems English words and reads websearch syntax (quoted phrases, exclusions)', async () => {
    expect(resultUrls((await search('q=issues')).body)).toHaveLength(SEARCH_PAGE_SIZE);
    const phrase = resultUrls((await search(`q=${encodeURIComponent('"zephyr post body"')}`)).body);
    expect([...phrase].sort()).toEqual(['/blog/post-published', '/blog/post-scheduled-past']);
    const excluded = resultUrls(
      (await search(`q=${encodeURIComponent('zephyr -post -event')}`)).body,
    );
    expect(excluded.some((url) => url.startsWith('/blog/') || url.startsWith('/agenda/'))).toBe(
      false,
    );
    expect(excluded).toContain('/page-published');
  });

  it('never finds what is behind a password or a login', async () => {
    for (const term of ['vault', 'club', 'secret', 'lounge', 'hidden', 'locked'])
      expect(resultUrls((await search(`q=${term}`)).body), term).toEqual([]);
  });

  it('ranks title matches first', async () => {
    const product = resultUrls((await search('q=product%20published')).body);
    expect(product[0]).toBe('/shop/p/product-published');
  });

  it('matches titles by prefix for terms too short for full text', async () => {
    const response = await search('q=ga');
    expect(resultUrls(response.body)).toHaveLength(SEARCH_PAGE_SIZE);
    expect(response.body).toContain(`${GAZETTE_POSTS} results for “ga”`);
  });

  it('pages results ten at a time with previous and next links', async () => {
    const first = await search('q=gazette');
    expect(resultUrls(first.body)).toHaveLength(SEARCH_PAGE_SIZE);
    expect(first.body).toContain('Page 1 of 2');
    expect(first.body).toContain('<a rel="next" href="/search?q=gazette&amp;page=2">Next</a>');
    expect(first.body).not.toContain('rel="prev"');
    const second = await search('q=gazette&page=2');
    expect(resultUrls(second.body)).toHaveLength(GAZETTE_POSTS - SEARCH_PAGE_SIZE);
    expect(second.body).toContain('<a rel="prev" href="/search?q=gazette">Previous</a>');
    expect(new Set([...resultUrls(first.body), ...resultUrls(second.body)]).size).toBe(
      GAZETTE_POSTS,
    );
  });

  it('says so when nothing matches', async () => {
    const response = await search('q=xylophone');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('No results for “xylophone”.');
    expect(response.body).not.toContain('search-results');
  });

  it('escapes the query everywhere it is shown, and takes wildcards literally', async () => {
    const response = await search(`q=${encodeURIComponent('<script>alert(1)</script>')}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('<script>alert(1)');
    expect(response.body).toContain('value="&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(response.body).toContain('No results for “&lt;script&gt;alert(1)&lt;/script&gt;”.');
    expect((await search('q=%25')).body).toContain('No results for “%”.');
    expect((await search('q=_')).body).toContain('No results for “_”.');
  });

  it('survives query syntax that is not websearch syntax', async () => {
    for (const raw of ['"unclosed', '!!!', 'a & | b', "o'neil", '-', 'zephyr OR']) {
      const response = await search(`q=${encodeURIComponent(raw)}`);
      expect(response.statusCode, raw).toBe(200);
    }
  });
});
