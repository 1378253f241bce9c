/**
 * The lock screen's form post: `POST /protected/unlock` with the hidden `crumb` (checked by the
 * CSRF hook like every form post), the protected `path` and the `password`. The right password
 * unlocks that page or collection for this visitor session and answers 303 back to the path;
 * a wrong one re-renders the lock screen (401) with a message. Failures are throttled per
 * protected record and client IP with the login throttle's backoff: past a few tries the lock
 * screen answers 429, even to the right password, until the block ends.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../shared/errors.ts';
import type { CurrentSite } from '../http/current-site.ts';
import { recordUnlock } from '../modules/content/access.ts';
import { checkPagePassword } from '../modules/content/page-password.ts';
import {
  assertNotThrottled,
  recordLoginFailure,
  type ThrottlePolicy,
} from '../modules/site-users/login-throttle.ts';
import { verifyAgainstNothing } from '../modules/site-users/password.ts';
import { visitorOf } from './content-routes.ts';
import { resolvePage, UNLOCK_PATH, type ResolvedPage } from './resolve-page.ts';
import type { PageRouteDeps } from './site-routes.ts';
import { normalizePath } from './site-routes.ts';

export const WRONG_PASSWORD_MESSAGE = 'That password is not right. Please try again.';
export const UNLOCK_THROTTLED_MESSAGE =
  'Too many wrong passwords. Please try again in a few seconds.';

/** Five free tries per record and IP in 15 minutes, then a block from 5 s doubling to 15 min. */
export const UNLOCK_THROTTLE: ThrottlePolicy = {
  freeFailures: 5,
  windowSeconds: 15 * 60,
  firstBlockSeconds: 5,
  maxBlockSeconds: 15 * 60,
};

function field(request: FastifyRequest, name: string): string {
  const body = request.body;
  if (typeof body !== 'object' || body === null) return '';
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : '';
}

function throttleKey(site: CurrentSite, target: string, ip: string): string {
  return `content-password:${site.id}:${target}:${ip}`;
}

export function registerAccessRoutes(app: FastifyInstance, deps: PageRouteDeps): void {
  const { database, sites, pages } = deps;

  app.post(UNLOCK_PATH, async (request, reply) => {
    const site = await sites.current();
    if (!site) return reply.callNotFound();
    const rawPath = field(request, 'path');
    // Only a site path: never another origin (the answer redirects there).
    const path = rawPath.startsWith('/') && !rawPath.startsWith('//') ? normalizePath(rawPath) : '';
    const visitor = visitorOf(request);
    const page = path ? await resolvePage(database, site, path, visitor) : undefined;
    const protection = page?.protection;
    if (!page || protection?.kind !== 'password') {
      // Nothing locked there (or already unlocked): back to the path, or home.
      return reply.redirect(page ? path : '/', 303);
    }
    const showLock = (status: number, error: string, locked: ResolvedPage) =>
      pages.render(request, reply, site, {
        ...locked,
        status,
        context: { lock: { ...(locked.context.lock as object), error } },
      });

    const key = throttleKey(site, protection.target, request.ip);
    try {
      await assertNotThrottled(database.db, [key]);
    } catch (error) {
      if (error instanceof AppError && error.code === 'RATE_LIMITED') {
        // The same time as a check, so a blocked guess is not told apart by speed.
        await verifyAgainstNothing(field(request, 'password'));
        return showLock(429, UNLOCK_THROTTLED_MESSAGE, page);
      }
      throw error;
    }
    const password = field(request, 'password');
    if (password === '' || !(await checkPagePassword(password, protection.passwordHash))) {
      await recordLoginFailure(database.db, key, UNLOCK_THROTTLE);
      return showLock(401, WRONG_PASSWORD_MESSAGE, page);
    }
    await recordUnlock(database.db, site.id, visitor, protection);
    return reply.redirect(path, 303);
  });
}
