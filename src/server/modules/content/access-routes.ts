/**
 * Password locks. A site-wide lock (`website.settings.sitePassword`) puts the lock screen (page
 * type 103, 401) in front of every page of the site until this visitor session unlocks it; a
 * page or collection lock (the page engine's render/resolve-page.ts) does the same for that page or collection (105).
 *
 * The lock screen's form posts to `POST /protected/unlock` with the hidden `crumb` (checked by the
 * CSRF hook like every form post), the `path` it stood in front of and the `password`. The right
 * password unlocks for this visitor session and answers 303 back to the path; a wrong one
 * re-renders the lock screen (401) with a message. Failures are throttled per lock and client
 * IP with the login throttle's backoff: past a few tries the lock screen answers 429, even to the
 * right password, until the block ends.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CurrentSite } from '../../http/current-site.ts';
import {
  normalizePath,
  visitorOf,
  type PageRouteDeps,
  type ResolvedPage,
} from '../../render/page-routes.ts';
import {
  releaseAttempt,
  reserveAttempt,
  verifyAgainstNothing,
  type ThrottlePolicy,
} from '../auth/index.ts';
import { isUnlocked, recordUnlock, siteProtection, type Protection } from './access.ts';
import { siteLockPage, UNLOCK_PATH } from './lock-pages.ts';
import { checkPagePassword } from './page-password.ts';

export const WRONG_PASSWORD_MESSAGE = 'That password is not right. Please try again.';
export const UNLOCK_THROTTLED_MESSAGE =
  'Too many wrong passwords. Please try again in a few seconds.';

/** Five free tries per lock and IP in 15 minutes, then a block from 5 s doubling to 15 min. */
export const UNLOCK_THROTTLE: ThrottlePolicy = {
  freeFailures: 5,
  windowSeconds: 15 * 60,
  firstBlockSeconds: 5,
  maxBlockSeconds: 15 * 60,
};

type PasswordLock = Extract<Protection, { kind: 'password' }>;

function field(request: FastifyRequest, name: string): string {
  const body = request.body;
  if (typeof body !== 'object' || body === null) return '';
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : '';
}

/** A path of this site (with its query) to send the visitor back to; never another origin. */
function sitePath(raw: string): string | undefined {
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return undefined;
  const base = 'http://site.invalid';
  try {
    const url = new URL(raw, base);
    return url.origin === base ? `${url.pathname}${url.search}` : undefined;
  } catch {
    return undefined;
  }
}

function throttleKey(site: CurrentSite, target: string, ip: string): string {
  return `content-password:${site.id}:${target}:${ip}`;
}

export function registerAccessRoutes(app: FastifyInstance, deps: PageRouteDeps): void {
  const { database, sites, pages, resolvePage, throttleClock } = deps;

  // Every page of this scope (the catch-all and the fixed-path pages) waits behind a site lock.
  // A scope hook runs before the route's own site hook (http/request-site.ts): it asks the resolver.
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const site = await sites.current();
    const lock = site && siteProtection(site);
    if (!site || !lock || (await isUnlocked(database.db, visitorOf(request), lock))) return;
    return pages.render(request, reply, site, siteLockPage(lock, sitePath(request.url) ?? '/'));
  });

  /** Checks the password against one lock: 303 to `back` when right, the lock screen when not. */
  async function attempt(
    request: FastifyRequest,
    reply: FastifyReply,
    site: CurrentSite,
    lock: PasswordLock,
    lockScreen: ResolvedPage,
    back: string,
  ): Promise<FastifyReply> {
    const showLock = (status: number, error: string) =>
      pages.render(request, reply, site, {
        ...lockScreen,
        status,
        context: { lock: { ...(lockScreen.context.lock as object), error } },
      });
    const password = field(request, 'password');
    const key = throttleKey(site, lock.target, request.ip);
    // Counted before the check, so simultaneous guesses see each other (login-throttle.ts).
    if (!(await reserveAttempt(database.db, key, UNLOCK_THROTTLE, throttleClock))) {
      // The time of a check, so a blocked guess cannot be told apart by speed.
      await verifyAgainstNothing(password);
      return showLock(429, UNLOCK_THROTTLED_MESSAGE);
    }
    if (password === '' || !(await checkPagePassword(password, lock.passwordHash)))
      return showLock(401, WRONG_PASSWORD_MESSAGE);
    await releaseAttempt(database.db, key, UNLOCK_THROTTLE);
    await recordUnlock(database.db, site.id, visitorOf(request), lock);
    return reply.redirect(back, 303);
  }

  app.post(UNLOCK_PATH, async (request, reply) => {
    const { site } = request;
    const back = sitePath(field(request, 'path'));
    const visitor = visitorOf(request);

    const siteLock = siteProtection(site);
    if (siteLock && !(await isUnlocked(database.db, visitor, siteLock)))
      return attempt(
        request,
        reply,
        site,
        siteLock,
        siteLockPage(siteLock, back ?? '/'),
        back ?? '/',
      );

    const path = back === undefined ? undefined : normalizePath(back);
    const page = path === undefined ? undefined : await resolvePage(site, path, visitor);
    const lock = page?.protection;
    // Nothing locked there (or already unlocked): back to the page, or home.
    if (!page || !path || lock?.kind !== 'password')
      return reply.redirect(page ? (back ?? '/') : '/', 303);
    return attempt(request, reply, site, lock, page, back ?? path);
  });
}
