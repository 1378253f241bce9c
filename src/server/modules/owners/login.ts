/**
 * Owner session endpoints (Vitrine's own, under /api/vitrine/owner/):
 * - POST   /api/vitrine/owner/session { email, password } → { xsrfToken, owner }
 * - GET    /api/vitrine/owner/session → { xsrfToken, owner } (401 when not logged in)
 * - DELETE /api/vitrine/owner/session → {} (ends the login)
 * Wrong credentials: one 401 message, same timing, throttled per account and per IP like
 * site-user logins.
 */
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { actionsOfRole, roleName, type OwnerAction } from '../../../shared/roles.ts';
import { ownerLoginBody } from '../../../shared/schemas/site-users.ts';
import { schema } from '../../db/index.ts';
import type { OwnerDeps } from './deps.ts';
import { checkLogin, loginExpiry, newLogin } from '../auth/index.ts';
import {
  clearOwnerCookie,
  OWNER_SESSION_SECONDS,
  ownerXsrfToken,
  setOwnerCookie,
  type Owner,
} from './owner-session.ts';
import { ownerOf } from './require-owner.ts';

const { ownerSessions } = schema;

export interface OwnerSessionBody {
  xsrfToken: string;
  owner: {
    id: string;
    email: string;
    role: number;
    roleName: string;
    actions: readonly OwnerAction[];
  };
}

function describe(secret: string, owner: Omit<Owner, 'siteId'>): OwnerSessionBody {
  return {
    xsrfToken: ownerXsrfToken(secret, owner.loginId),
    owner: {
      id: owner.id,
      email: owner.email,
      role: owner.role,
      roleName: roleName(owner.role) ?? 'UNKNOWN',
      actions: actionsOfRole(owner.role),
    },
  };
}

export function ownerLoginHandler(deps: OwnerDeps) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<OwnerSessionBody> => {
    const body = ownerLoginBody.parse(request.body);
    const { site } = request;
    const { db } = deps.database;
    const account = await checkLogin(db, {
      kind: 'owner',
      siteId: site.id,
      email: body.email,
      password: body.password,
      ip: request.ip,
      throttleClock: deps.throttleClock,
    });
    const login = newLogin();
    await deps.database.withTransaction(async (tx) => {
      if (request.owner)
        await tx.delete(ownerSessions).where(eq(ownerSessions.id, request.owner.loginId));
      await tx.insert(ownerSessions).values({
        id: login.id,
        ownerId: account.id,
        tokenHash: login.tokenHash,
        expiresAt: loginExpiry(OWNER_SESSION_SECONDS),
      });
    });
    setOwnerCookie(request, reply, login.secret);
    void reply.header('cache-control', 'no-store');
    return describe(deps.secret, {
      id: account.id,
      email: account.email,
      role: account.role,
      loginId: login.id,
    });
  };
}

export function ownerSessionHandler(deps: OwnerDeps) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<OwnerSessionBody> => {
    void reply.header('cache-control', 'no-store');
    return describe(deps.secret, ownerOf(request));
  };
}

export function ownerLogoutHandler(deps: OwnerDeps) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<Record<string, never>> => {
    if (request.owner)
      await deps.database.db
        .delete(ownerSessions)
        .where(eq(ownerSessions.id, request.owner.loginId));
    clearOwnerCookie(request, reply);
    void reply.header('cache-control', 'no-store');
    return {};
  };
}
