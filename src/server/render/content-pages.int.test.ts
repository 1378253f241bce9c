import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { contentFixture, STATUS_CASES } from '../../../test/helpers/content-fixture.ts';
import { importSite } from '../modules/site-import/index.ts';

describe('content status, for every kind of record', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp({ importDemo: false });
    await importSite(test.database, await contentFixture());
  });
  afterAll(() => test.close());

  const kinds = {
    page: (name: string) => `/page-${name}`,
    collection: (name: string) => `/collection-${name}`,
    'post in a collection of that status': (name: string) => `/collection-${name}/post`,
    product: (name: string) => `/shop/p/product-${name}`,
    post: (name: string) => `/blog/post-${name}`,
    event: (name: string) => `/agenda/event-${name}`,
  };

  for (const [kind, url] of Object.entries(kinds)) {
    it.each(STATUS_CASES)(`a $name ${kind} answers $expected`, async ({ name, expected }) => {
      const response = await test.app.inject({ url: url(name) });
      expect(response.statusCode).toBe(expected);
      if (expected === 404) expect(response.body).toContain('data-page-type="100"');
    });
  }

  it('lists only what is published now, in navigation and on a blog page', async () => {
    const blog = await test.app.inject({ url: '/blog' });
    expect(blog.statusCode).toBe(200);
    expect(blog.body).toContain('data-page-type="1"');
    for (const { name, expected } of STATUS_CASES) {
      expect(blog.body.includes(`/blog/post-${name}"`), name).toBe(expected === 200);
    }
    const nav = (await test.app.inject({ url: '/' })).body;
    expect(nav).toContain('href="/page-scheduled-past"');
    expect(nav).not.toContain('href="/page-scheduled-future"');
    expect(nav).not.toContain('href="/page-draft"');
  });

  it('renders a post with its author escaped, tags, categories and the switched-on share links', async () => {
    const response = await test.app.inject({ url: '/blog/post-published' });
    expect(response.body).toContain('data-page-type="50"');
    expect(response.body).toContain('by Ana &lt;Ruiz&gt;');
    expect(response.body).toContain('Tags: linen');
    expect(response.body).toContain('Categories: News');
    expect(response.body).toContain('Share on Facebook');
    expect(response.body).toContain('Share by email');
    expect(response.body).not.toContain('Share on X');
  });

  it("renders an event's dates in the site's time zone, its place and calendar links", async () => {
    const response = await test.app.inject({ url: '/agenda/event-published' });
    expect(response.statusCode).toBe(200);
    // 08:00–14:00 UTC is 10:00–16:00 in Paris in July.
    expect(response.body).toContain('Saturday, July 4, 2026, 10:00 AM – 4:00 PM GMT+2');
    expect(response.body).toContain('Quay Hall, 1 Quay St, France');
    expect(response.body).toContain('href="/calendar/event-published/event.ics"');
    expect(response.body).toContain('dates=20260704T080000Z/20260704T140000Z');
  });

  it('serves a published event as an iCalendar file', async () => {
    const response = await test.app.inject({ url: '/calendar/event-published/event.ics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    // Private: an event of a protected collection must not be kept by a shared cache.
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="event-published.ics"',
    );
    expect(response.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(response.body).toContain('\r\nDTSTART:20260704T080000Z\r\n');
    expect(response.body).toContain('\r\nSUMMARY:Event published\r\n');
    expect(response.body).toContain('\r\nLOCATION:Quay Hall\\, 1 Quay St\\, France\r\n');
  });

  it.each(STATUS_CASES)(
    'serves the calendar file of a $name event only when published',
    async (c) => {
      const response = await test.app.inject({ url: `/calendar/event-${c.name}/event.ics` });
      expect(response.statusCode).toBe(c.expected);
    },
  );

  it.each(STATUS_CASES)('sells a $name product only when it is published', async (c) => {
    const stock = await test.app.inject({
      url: `/api/commerce/inventory/stock/?itemId=product-${c.name}`,
    });
    expect(stock.statusCode).toBe(c.expected);
  });

  it('answers 404 for the calendar file of a post or an unknown id', async () => {
    expect((await test.app.inject({ url: '/calendar/post-published/event.ics' })).statusCode).toBe(
      404,
    );
    expect((await test.app.inject({ url: '/calendar/nope/event.ics' })).statusCode).toBe(404);
  });
});
