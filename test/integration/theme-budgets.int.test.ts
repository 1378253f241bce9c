/**
 * The default theme's budgets per page type, measured on the demo store's pages as rendered:
 * every stylesheet a page links (the theme's site.css, the site's own site-styles stylesheet and
 * anything else), gzipped at level 9 as the server's compression would at best, is at most
 * 20 KB together; and a page preloads at most two font files, each one this server serves.
 * JavaScript has its ratchet of its own (src/server/render/page-budgets.int.test.ts).
 */
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { newVisitor, type Visitor } from '../helpers/session.ts';

const KB = 1024;
const CSS_BUDGET_KB = 20;
const FONT_PRELOADS = 2;

/** Every page type of the demo store a shopper can reach, with the status it answers. */
const PAGES: readonly (readonly [string, number])[] = [
  ['/', 200],
  ['/shop', 200],
  ['/shop/p/linen-shirt', 200],
  ['/shop/p/store-gift-card', 200],
  ['/contact', 200],
  ['/gallery', 200],
  ['/journal', 200],
  ['/journal/caring-for-linen', 200],
  ['/events/autumn-market', 200],
  ['/search?q=linen', 200],
  ['/no-such-page', 404],
  ['/trade', 401],
  ['/members', 403],
  ['/cart', 200],
  ['/checkout', 200],
  ['/commerce/gift-card?itemId=store-gift-card', 200],
  ['/account/login', 200],
  ['/account/create', 200],
  ['/account/forgot-password', 200],
  ['/newsletter/unsubscribe?token=none', 200],
];

let harness: TestApp;
let shopper: Visitor;

beforeAll(async () => {
  harness = await createTestApp();
  shopper = await newVisitor(harness.app, '/shop/p/linen-shirt');
  // A cart with a line, so the cart and checkout pages show everything they style.
  const added = await shopper.inject({
    method: 'POST',
    url: '/api/commerce/shopping-cart/entries',
    payload: { itemId: 'linen-shirt', sku: 'LS-INDIGO-M', quantity: 1 },
  });
  if (added.statusCode >= 300) throw new Error(`adding to the cart answered ${added.statusCode}`);
}, 120_000);
afterAll(() => harness.close());

const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]?.replaceAll('&amp;', '&');

function linkTags(html: string): string[] {
  return [...html.matchAll(/<link\s[^>]*>/g)].map((match) => match[0]);
}

async function pageHtml(url: string, status: number): Promise<string> {
  const response = await shopper.inject({ url, headers: { accept: 'text/html' } });
  expect(response.statusCode, url).toBe(status);
  return response.body;
}

describe.each(PAGES)('%s', (url, status) => {
  it(`links at most ${CSS_BUDGET_KB} KB of CSS, gzipped`, async () => {
    const sheets = linkTags(await pageHtml(url, status))
      .filter((tag) => /\srel="stylesheet"/.test(tag))
      .map((tag) => attribute(tag, 'href') ?? '');
    expect(sheets.length).toBeGreaterThanOrEqual(2);
    let total = 0;
    for (const href of sheets) {
      const sheet = await shopper.inject({ url: href });
      expect(sheet.statusCode, href).toBe(200);
      expect(String(sheet.headers['content-type'])).toMatch(/^text\/css/);
      total += gzipSync(sheet.rawPayload, { level: 9 }).length;
    }
    expect(total / KB, `${url}: ${(total / KB).toFixed(1)} KB`).toBeLessThanOrEqual(CSS_BUDGET_KB);
  });

  it(`preloads at most ${FONT_PRELOADS} font files, each served here`, async () => {
    const fonts = linkTags(await pageHtml(url, status)).filter(
      (tag) => /\srel="preload"/.test(tag) && /\sas="font"/.test(tag),
    );
    expect(fonts.length).toBeLessThanOrEqual(FONT_PRELOADS);
    for (const tag of fonts) {
      const href = attribute(tag, 'href') ?? '';
      expect(href).toMatch(/^\/[^/]/);
      const font = await shopper.inject({ url: href });
      expect(font.statusCode, href).toBe(200);
    }
  });
});
