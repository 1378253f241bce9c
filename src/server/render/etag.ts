/**
 * HTML pages are `private, no-cache`: browsers revalidate on every view, and shared caches keep
 * none (a page carries its visitor's crumb and cart count). A content ETag turns an unchanged
 * page into a 304 with no body. A route that set its own Cache-Control (`no-store` for forms
 * with typed values) keeps it.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';

export function etagOf(body: string): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .some((candidate) => candidate.trim() === etag || candidate.trim() === '*');
}

/**
 * Sends the page, or 304 when the browser already holds exactly this page. A caller that knows a
 * validator for this exact HTML (shared-page-cache.ts) passes it instead of hashing the page.
 */
export function sendPage(
  reply: FastifyReply,
  status: number,
  html: string,
  etag: string = etagOf(html),
): FastifyReply {
  if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'private, no-cache');
  void reply.header('etag', etag);
  if (status === 200 && matches(reply.request.headers['if-none-match'], etag))
    return reply.code(304).send();
  return reply.code(status).type('text/html; charset=utf-8').send(html);
}
