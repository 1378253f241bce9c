/**
 * DELETE /api/site-users/account/session?cloneCart=true|false (docs/behaviour/accounts-and-login.md#login-and-logout).
 *
 * The route takes no part in the global CSRF hook: a token that does not match is answered with
 * 403 `{ crumbFail: true, error }` (the spec's field; the storefront retries once, by then with
 * the crumb cookie this response re-sent). A match ends the login, clears the login cookies,
 * gives the visitor a fresh session id, and either hands the visitor a copy of the cart
 * (cloneCart=true) or leaves the visitor without one (the user's cart waits for the next login).
 * A cart started while logged in (no owner yet) becomes the user's first. Logging out when not
 * logged in succeeds and changes nothing but the cookies.
 */
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../shared/errors.ts';
import { siteUserLogoutQuery } from '../../../shared/schemas/site-users.ts';
import { schema } from '../../db/index.ts';
import { CSRF_HEADER } from '../../http/csrf.ts';
import { tokensEqual } from '../../http/session.ts';
import { clearCartCookies, readCartToken, setCartCookies } from '../cart/index.ts';
import { clearUserCookies, rotateVisitorSession } from './cookies.ts';
import type { SiteUserDeps } from './deps.ts';
import { adoptCart, cloneCartForVisitor } from './merge-cart.ts';

const { siteUserSessions } = schema;

export interface CrumbFailBody {
  crumbFail: true;
  error: { code: 'SESSION_EXPIRED'; message: string };
}

function crumbMatches(request: FastifyRequest): boolean {
  if (request.session.isNew) return false;
  const header = request.headers[CSRF_HEADER];
  if (typeof header !== 'string' || header === '') return false;
  return [request.session.crumb, ...(request.extraCsrfTokens ?? [])].some((token) =>
    tokensEqual(token, header),
  );
}

export function logoutHandler(deps: SiteUserDeps) {
  return async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<CrumbFailBody | Record<string, never>> => {
    const query = siteUserLogoutQuery.parse(request.query);
    void reply.header('cache-control', 'no-store');
    if (!crumbMatches(request)) {
      const error = new AppError('SESSION_EXPIRED');
      void reply.code(error.status);
      return { crumbFail: true, error: { code: 'SESSION_EXPIRED', message: error.message } };
    }
    await endLogin(deps, request, reply, query.cloneCart);
    return {};
  };
}

/**
 * Ends the request's login (after the caller checked the crumb): the login row goes, the cookies
 * are cleared, the visitor gets a fresh session id, and the cart is adopted by the user and, with
 * `cloneCart`, copied for the visitor. Shared by the API above and the account page's form post.
 */
export async function endLogin(
  deps: SiteUserDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  cloneCart: boolean,
): Promise<void> {
  const user = request.siteUser;
  const site = request.siteIfAny;
  const cartToken = readCartToken(request);
  let visitorCart: string | undefined;
  if (user && site) {
    visitorCart = await deps.database.withTransaction(async (tx) => {
      await tx.delete(siteUserSessions).where(eq(siteUserSessions.id, user.loginId));
      if (cartToken === undefined) return undefined;
      await adoptCart(tx, site.id, user.id, cartToken);
      return cloneCart ? cloneCartForVisitor(tx, site.id, user.id, cartToken) : undefined;
    });
  }
  clearUserCookies(request, reply);
  rotateVisitorSession(request, reply, deps.secret);
  if (visitorCart !== undefined) setCartCookies(request, reply, visitorCart);
  // cloneCart=true with a cart that was never the user's (logged out already): it stays.
  else if (!cloneCart || user) clearCartCookies(reply);
}
