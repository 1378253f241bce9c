/**
 * Owner logins: an HttpOnly, SameSite=Strict cookie holding the login's secret (stored hashed)
 * and an xsrfToken (HMAC of the login) that owner calls send in X-CSRF-Token. The onRequest hook
 * resolves the owner before the CSRF check, so the token is accepted there; only requests with
 * the owner cookie cost a query.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { schema } from '../../db/index.ts';
import { hmacToken } from '../../http/session.ts';
import type { OwnerDeps } from './deps.ts';
import { SECRET_PATTERN, sha256 } from '../auth/index.ts';

const { ownerAccounts, ownerSessions } = schema;

export const OWNER_SESSION_COOKIE = 'vitrine-owner-session';
export const SECURE_OWNER_SESSION_COOKIE = `__Host-${OWNER_SESSION_COOKIE}`;
/** An owner login lasts a working day; the owner logs in again after it. */
export const OWNER_SESSION_SECONDS = 12 * 60 * 60;

export interface Owner {
  readonly id: string;
  readonly siteId: string;
  readonly email: string;
  /** Website role code (src/shared/roles.ts). */
  readonly role: number;
  readonly loginId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in site owner, or null. */
    owner: Owner | null;
  }
}

export function ownerXsrfToken(secret: string, loginId: string): string {
  return hmacToken(secret, 'owner-xsrf', loginId);
}

function readOwnerSecret(request: FastifyRequest): string | undefined {
  const value =
    request.cookies[SECURE_OWNER_SESSION_COOKIE] ?? request.cookies[OWNER_SESSION_COOKIE];
  return value !== undefined && SECRET_PATTERN.test(value) ? value : undefined;
}

export function setOwnerCookie(request: FastifyRequest, reply: FastifyReply, secret: string): void {
  const secure = request.protocol === 'https';
  void reply.setCookie(secure ? SECURE_OWNER_SESSION_COOKIE : OWNER_SESSION_COOKIE, secret, {
    path: '/',
    sameSite: 'strict',
    secure,
    httpOnly: true,
    maxAge: OWNER_SESSION_SECONDS,
  });
}

export function clearOwnerCookie(request: FastifyRequest, reply: FastifyReply): void {
  const secure = request.protocol === 'https';
  void reply.clearCookie(secure ? SECURE_OWNER_SESSION_COOKIE : OWNER_SESSION_COOKIE, {
    path: '/',
    secure,
  });
}

export function registerCurrentOwner(app: FastifyInstance, deps: OwnerDeps): void {
  app.decorateRequest('owner', null);
  app.addHook('onRequest', async (request, reply) => {
    request.owner = null;
    const secret = readOwnerSecret(request);
    if (secret === undefined) return;
    const site = await deps.sites.current();
    const [row] = site
      ? await deps.database.db
          .select({
            id: ownerAccounts.id,
            siteId: ownerAccounts.siteId,
            email: ownerAccounts.email,
            role: ownerAccounts.role,
            loginId: ownerSessions.id,
          })
          .from(ownerSessions)
          .innerJoin(ownerAccounts, eq(ownerAccounts.id, ownerSessions.ownerId))
          .where(
            and(
              eq(ownerSessions.tokenHash, sha256(secret)),
              gt(ownerSessions.expiresAt, sql`now()`),
              eq(ownerAccounts.siteId, site.id),
            ),
          )
          .limit(1)
      : [];
    if (!row) {
      clearOwnerCookie(request, reply);
      return;
    }
    request.owner = row;
    request.extraCsrfTokens = [
      ...(request.extraCsrfTokens ?? []),
      ownerXsrfToken(deps.secret, row.loginId),
    ];
  });
}
