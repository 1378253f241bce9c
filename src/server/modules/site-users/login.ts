/**
 * POST /api/site-users/account/session { email, password, rememberMe } → { xsrfToken }
 * (docs/behaviour/accounts-and-login.md#login-and-logout).
 *
 * Wrong email and wrong password get the same 401 and take the same time; failures are throttled
 * per account and per IP (429 'Please try again in a few seconds.'). A success rotates the visitor
 * session id (no session fixation), stores the login (hashed), sets the HttpOnly login cookie and
 * the readable `vitrine-user=1` marker, and merges the guest cart into the user's cart.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { siteUserLoginBody } from '../../../shared/schemas/site-users.ts';
import { schema } from '../../db/index.ts';
import { readCartToken, setCartCookies } from '../cart/index.ts';
import {
  BROWSER_SESSION_SECONDS,
  REMEMBER_ME_SECONDS,
  rotateVisitorSession,
  setUserCookies,
  siteUserXsrfToken,
} from './cookies.ts';
import type { SiteUserDeps } from './deps.ts';
import { mergeCartsOnLogin } from './merge-cart.ts';
import { linkGuestOrders } from './guest-orders.ts';
import { fromColumns, hashPassword, needsRehash, toColumns } from '../auth/index.ts';
import { checkLogin, loginExpiry, newLogin, sha256 } from '../auth/index.ts';

const { siteUsers, siteUserSessions } = schema;

export function loginHandler(deps: SiteUserDeps) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<{ xsrfToken: string }> => {
    const body = siteUserLoginBody.parse(request.body);
    const { site } = request;
    const { db } = deps.database;
    const user = await checkLogin(db, {
      kind: 'site-user',
      siteId: site.id,
      email: body.email,
      password: body.password,
      ip: request.ip,
      throttleClock: deps.throttleClock,
    });
    // Hash before the transaction: scrypt takes tens of milliseconds and must not hold row locks.
    const upgraded = needsRehash(fromColumns(user))
      ? toColumns(await hashPassword(body.password))
      : undefined;

    const visitorSessionId = rotateVisitorSession(request, reply, deps.secret);
    const login = newLogin();
    const lifetime = body.rememberMe ? REMEMBER_ME_SECONDS : BROWSER_SESSION_SECONDS;
    const cart = await deps.database.withTransaction(async (tx) => {
      // A login made earlier in this browser ends here (one login per visitor session), and the
      // user's expired logins are swept: no job is needed to keep the table small.
      if (request.siteUser)
        await tx.delete(siteUserSessions).where(eq(siteUserSessions.id, request.siteUser.loginId));
      await tx
        .delete(siteUserSessions)
        .where(
          and(eq(siteUserSessions.siteUserId, user.id), lt(siteUserSessions.expiresAt, sql`now()`)),
        );
      await tx.insert(siteUserSessions).values({
        id: login.id,
        siteUserId: user.id,
        tokenHash: login.tokenHash,
        visitorSessionHash: sha256(visitorSessionId),
        rememberMe: body.rememberMe,
        expiresAt: loginExpiry(lifetime),
      });
      if (upgraded) await tx.update(siteUsers).set(upgraded).where(eq(siteUsers.id, user.id));
      // A verified address's guest orders placed since join its account at each login.
      if (user.emailVerifiedAt)
        await linkGuestOrders(tx, {
          siteId: site.id,
          siteUserId: user.id,
          emailKey: user.emailKey,
        });
      return mergeCartsOnLogin(tx, site.id, user.id, readCartToken(request));
    });

    setUserCookies(request, reply, login.secret, body.rememberMe);
    if (cart.token !== undefined) setCartCookies(request, reply, cart.token);
    void reply.header('cache-control', 'no-store');
    return { xsrfToken: siteUserXsrfToken(deps.secret, visitorSessionId, login.id) };
  };
}
