/**
 * Visitor sessions and the CSRF tokens bound to them (docs/behaviour/api-and-data-rules.md#sessions-and-csrf).
 *
 * Every visitor gets an opaque random session id in an HttpOnly cookie (`__Host-` prefixed and
 * Secure over TLS). The readable `crumb` cookie (its name is fixed by the spec; browser code
 * sends it back in X-CSRF-Token) is an HMAC of that id, so it cannot be forged or moved to
 * another session. Anonymous sessions need no database row: the HMAC is the proof.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'vitrine-session';
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
export const CRUMB_COOKIE = 'crumb';
const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const SESSION_MAX_AGE_S = 60 * 60 * 24 * 30;

export interface VisitorSession {
  readonly id: string;
  /** True when this request had no valid session cookie and one is being issued now. */
  readonly isNew: boolean;
  /** The CSRF token of this session (the crumb cookie's value). */
  readonly crumb: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: VisitorSession;
  }
}

export function hmacToken(secret: string, purpose: string, value: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${value}`).digest('base64url');
}

/** Constant-time comparison of two tokens. */
export function tokensEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function readSessionId(request: FastifyRequest): string | undefined {
  const id = request.cookies[SECURE_SESSION_COOKIE] ?? request.cookies[SESSION_COOKIE];
  return id !== undefined && SESSION_ID_PATTERN.test(id) ? id : undefined;
}

function issueCookies(request: FastifyRequest, reply: FastifyReply, session: VisitorSession): void {
  const secure = request.protocol === 'https';
  const common = { path: '/', sameSite: 'lax', secure, maxAge: SESSION_MAX_AGE_S } as const;
  void reply.setCookie(secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE, session.id, {
    ...common,
    httpOnly: true,
  });
  void reply.setCookie(CRUMB_COOKIE, session.crumb, { ...common, httpOnly: false });
}

/**
 * Paths that never need a session: probes, what crawlers read (robots.txt, the sitemap), static files, and telemetry beacons (they carry no
 * CSRF token by design, and issuing cookies on every beacon would cost each hit two signatures).
 */
const SESSIONLESS_PREFIXES = [
  '/assets/',
  '/config/assets/',
  '/theme/',
  '/images/',
  '/api/census/',
  '/api/1/performance/',
  '/api/events/',
  '/api/v1/clanker/',
];

export function isSessionless(url: string): boolean {
  return (
    url === '/healthz' ||
    url === '/readyz' ||
    url === '/robots.txt' ||
    url === '/sitemap.xml' ||
    SESSIONLESS_PREFIXES.some((prefix) => url.startsWith(prefix))
  );
}

export function registerSessions(app: FastifyInstance, secret: string): void {
  app.decorateRequest('session', null as unknown as VisitorSession);
  app.addHook('onRequest', async (request, reply) => {
    if (isSessionless(request.url)) return;
    const existing = readSessionId(request);
    const id = existing ?? randomBytes(32).toString('base64url');
    const session: VisitorSession = {
      id,
      isNew: existing === undefined,
      crumb: hmacToken(secret, 'crumb', id),
    };
    request.session = session;
    // The crumb cookie is re-sent when missing so a visitor who cleared it gets it back.
    if (session.isNew || request.cookies[CRUMB_COOKIE] !== session.crumb)
      issueCookies(request, reply, session);
  });
}
