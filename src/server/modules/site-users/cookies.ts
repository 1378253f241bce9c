/**
 * The site user's cookies, and the visitor-session rotation done at login and logout.
 *
 * - `vitrine-user-session` (`__Host-` prefixed over TLS): HttpOnly, the login's secret.
 * - `vitrine-user=1`: readable marker with no secret; the browser's cart store reads it to know a
 *   site user is logged in (src/clients/cart-store.ts USER_MARKER_COOKIE).
 * Both live as long as the login: 30 days with rememberMe, else until the browser closes.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CRUMB_COOKIE,
  hmacToken,
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
} from '../../http/session.ts';
import { SECRET_PATTERN } from '../auth/index.ts';

export const USER_SESSION_COOKIE = 'vitrine-user-session';
export const SECURE_USER_SESSION_COOKIE = `__Host-${USER_SESSION_COOKIE}`;
export const USER_MARKER_COOKIE = 'vitrine-user';
export const REMEMBER_ME_SECONDS = 60 * 60 * 24 * 30;
/** A browser-session login still ends on the server after a day: browsers restore "session" cookies. */
export const BROWSER_SESSION_SECONDS = 60 * 60 * 24;
/** The visitor session's cookie lifetime (src/server/http/session.ts uses the same 30 days). */
const VISITOR_SESSION_SECONDS = 60 * 60 * 24 * 30;

export function readUserSessionSecret(request: FastifyRequest): string | undefined {
  const value = request.cookies[SECURE_USER_SESSION_COOKIE] ?? request.cookies[USER_SESSION_COOKIE];
  return value !== undefined && SECRET_PATTERN.test(value) ? value : undefined;
}

export function setUserCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  secret: string,
  rememberMe: boolean,
): void {
  const secure = request.protocol === 'https';
  // Without maxAge the cookies are browser-session cookies: gone when the browser closes.
  const common = {
    path: '/',
    sameSite: 'lax',
    secure,
    ...(rememberMe ? { maxAge: REMEMBER_ME_SECONDS } : {}),
  } as const;
  void reply.setCookie(secure ? SECURE_USER_SESSION_COOKIE : USER_SESSION_COOKIE, secret, {
    ...common,
    httpOnly: true,
  });
  void reply.setCookie(USER_MARKER_COOKIE, '1', { ...common, httpOnly: false });
}

export function clearUserCookies(request: FastifyRequest, reply: FastifyReply): void {
  const secure = request.protocol === 'https';
  void reply.clearCookie(secure ? SECURE_USER_SESSION_COOKIE : USER_SESSION_COOKIE, {
    path: '/',
    secure,
  });
  void reply.clearCookie(USER_MARKER_COOKIE, { path: '/', secure });
}

/**
 * Gives the visitor a new session id (and so a new crumb) on login and logout: a session id an
 * attacker planted or read before the login is worth nothing after it (session fixation).
 * Returns the new id; the request's own `session` is left as it was for this request's checks.
 */
export function rotateVisitorSession(
  request: FastifyRequest,
  reply: FastifyReply,
  secret: string,
): string {
  const id = randomBytes(32).toString('base64url');
  const secure = request.protocol === 'https';
  const common = { path: '/', sameSite: 'lax', secure, maxAge: VISITOR_SESSION_SECONDS } as const;
  void reply.setCookie(secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE, id, {
    ...common,
    httpOnly: true,
  });
  void reply.setCookie(CRUMB_COOKIE, hmacToken(secret, 'crumb', id), {
    ...common,
    httpOnly: false,
  });
  return id;
}

/** The xsrfToken of a login: an HMAC of the visitor session and the login, so it is useless elsewhere. */
export function siteUserXsrfToken(
  secret: string,
  visitorSessionId: string,
  loginId: string,
): string {
  return hmacToken(secret, 'site-user-xsrf', `${visitorSessionId}:${loginId}`);
}
