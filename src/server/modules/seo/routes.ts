/**
 * GET /robots.txt and GET /sitemap.xml. Both are the same for every visitor: no session cookie
 * (http/session.ts lists them as sessionless), and like the site's pages they are revalidated
 * on every fetch with a content ETag, so an unchanged sitemap costs a 304 with no body. URLs use
 * PUBLIC_URL when it is set, else the origin the request came to (X-Forwarded-* honoured only
 * from TRUSTED_PROXIES).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/index.ts';
import type { PublicOrigin } from '../../http/public-origin.ts';
import { ROBOTS_PATH, robotsTxt, SITEMAP_PATH, sitemapXml } from './documents.ts';
import { sitemapEntries } from './sitemap-entries.ts';

export interface SeoRouteDeps {
  readonly database: Database;
  /** The origin links are made on (services.ts). */
  readonly publicOrigin: PublicOrigin;
}

/** No shared cache may keep a stale copy, but any may revalidate it. */
const CACHE_CONTROL = 'public, no-cache';

function send(request: FastifyRequest, reply: FastifyReply, type: string, body: string) {
  const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
  void reply.header('cache-control', CACHE_CONTROL).header('etag', etag);
  const known = request.headers['if-none-match']?.split(',').map((tag) => tag.trim());
  if (known?.includes(etag) || known?.includes('*')) return reply.code(304).send();
  return reply.type(type).send(body);
}

export function registerSeoRoutes(app: FastifyInstance, deps: SeoRouteDeps): void {
  app.get(ROBOTS_PATH, async (request, reply) =>
    send(request, reply, 'text/plain; charset=utf-8', robotsTxt(deps.publicOrigin(request))),
  );

  app.get(SITEMAP_PATH, { config: { site: 'page' } }, async (request, reply) => {
    const { site } = request;
    const entries = await sitemapEntries(deps.database.db, site);
    return send(
      request,
      reply,
      'application/xml; charset=utf-8',
      sitemapXml(deps.publicOrigin(request), entries),
    );
  });
}
