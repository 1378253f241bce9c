/**
 * Resolves the logged-in site user of a request, before the CSRF check runs (onRequest), so the
 * login's xsrfToken is accepted in X-CSRF-Token beside the crumb. Only requests that carry a login
 * cookie cost a query; a login that expired, was logged out, belongs to another site or was made
 * with another visitor session counts as no login, and its cookies are cleared.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { schema, type Database } from '../../db/index.ts';
import type { SiteResolver } from '../../http/current-site.ts';
import { clearUserCookies, readUserSessionSecret, siteUserXsrfToken } from './cookies.ts';
import { sha256 } from '../auth/index.ts';

const { siteUsers, siteUserSessions } = schema;

export interface SiteUser {
  readonly id: string;
  readonly siteId: string;
  readonly email: string;
  /** The login (site_user_sessions row) this request is made under. */
  readonly loginId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in site user, or null. */
    siteUser: SiteUser | null;
  }
}

export interface CurrentUserDeps {
  readonly database: Database;
  readonly sites: SiteResolver;
  readonly secret: string;
}

export function registerCurrentSiteUser(app: FastifyInstance, deps: CurrentUserDeps): void {
  app.decorateRequest('siteUser', null);
  app.addHook('onRequest', async (request, reply) => {
    request.siteUser = null;
    const secret = readUserSessionSecret(request);
    // request.session is absent on sessionless paths (probes, static files).
    if (secret === undefined || !(request.session as typeof request.session | null)) return;
    const site = await deps.sites.current();
    const [row] = site
      ? await deps.database.db
          .select({
            loginId: siteUserSessions.id,
            visitorSessionHash: siteUserSessions.visitorSessionHash,
            id: siteUsers.id,
            siteId: siteUsers.siteId,
            email: siteUsers.email,
          })
          .from(siteUserSessions)
          .innerJoin(siteUsers, eq(siteUsers.id, siteUserSessions.siteUserId))
          .where(
            and(
              eq(siteUserSessions.tokenHash, sha256(secret)),
              gt(siteUserSessions.expiresAt, sql`now()`),
              eq(siteUsers.siteId, site.id),
            ),
          )
          .limit(1)
      : [];
    if (!row || row.visitorSessionHash !== sha256(request.session.id)) {
      clearUserCookies(request, reply);
      return;
    }
    const user: SiteUser = {
      id: row.id,
      siteId: row.siteId,
      email: row.email,
      loginId: row.loginId,
    };
    request.siteUser = user;
    request.extraCsrfTokens = [
      ...(request.extraCsrfTokens ?? []),
      siteUserXsrfToken(deps.secret, request.session.id, user.loginId),
    ];
  });
}
