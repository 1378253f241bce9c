/**
 * The owner dashboard at /config: every /config path answers the same HTML shell (the React app
 * routes in the browser), never cached (`no-store`: it is a logged-in tool), and its bundles under
 * /config/assets/ with year-long immutable caching (their names carry content hashes). The shell
 * holds no personal data; the app reads everything through the owner APIs, which check the login,
 * the role and the CSRF token.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ADMIN_ASSETS_PREFIX, type AdminAssets } from './admin-assets.ts';
import { ownerAppShell } from './shell.ts';

export const OWNER_APP_PATH = '/config';

export async function registerOwnerAppShell(
  app: FastifyInstance,
  assets: AdminAssets | undefined,
): Promise<void> {
  const html = ownerAppShell(assets);
  const answer = (_request: unknown, reply: FastifyReply) =>
    reply
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .type('text/html; charset=utf-8')
      .send(html);
  app.get(OWNER_APP_PATH, answer);
  app.get(`${OWNER_APP_PATH}/*`, answer);
  if (assets)
    await app.register(fastifyStatic, {
      root: assets.directory,
      prefix: ADMIN_ASSETS_PREFIX,
      decorateReply: false,
      immutable: true,
      maxAge: '365d',
      allowedPath: (pathname) => !pathname.endsWith('.map'),
    });
}
