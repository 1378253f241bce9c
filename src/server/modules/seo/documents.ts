/**
 * The text of /robots.txt and /sitemap.xml (the sitemaps.org 0.9 protocol). URLs are absolute
 * on the site's public origin; each is percent-encoded where needed and XML-escaped.
 */
import type { SitemapEntry } from './sitemap-entries.ts';

/** Pages a crawler has no business in: a visitor's own cart, checkout and account, the dashboard, the API. */
export const DISALLOWED_PATHS = ['/cart', '/checkout', '/account', '/config', '/api/'] as const;

export const SITEMAP_PATH = '/sitemap.xml';
export const ROBOTS_PATH = '/robots.txt';

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}${SITEMAP_PATH}`,
    '',
  ].join('\n');
}

const XML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => XML_ESCAPES[character] ?? character);
}

/** The absolute URL of a path: URL percent-encodes what needs it and keeps existing escapes. */
function absoluteUrl(origin: string, path: string): string {
  return new URL(`${origin}${path}`).href;
}

export function sitemapXml(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map(
    (entry) =>
      `  <url><loc>${escapeXml(absoluteUrl(origin, entry.path))}</loc>` +
      `<lastmod>${entry.lastModified.toISOString()}</lastmod></url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
