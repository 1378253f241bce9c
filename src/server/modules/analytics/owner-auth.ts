/**
 * Who may read analytics and telemetry, and change the page-speed rollout flags:
 * - an owner logged in to the site (src/server/modules/owners) whose website role allows the
 *   action ('analytics:read' for reports, 'settings:edit' for the flags): 401 without a login,
 *   403 for a role that lacks it; state-changing calls also need the session's CSRF token;
 * - or a tool presenting `Authorization: Bearer <OWNER_TOKEN>` (no token configured: no
 *   bearer access at all). Bearer tokens are not sent by browsers on their own, so those calls
 *   need no CSRF token.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../shared/errors.ts';
import { roleAllows, type OwnerAction } from '../../../shared/roles.ts';
import { checkCsrf } from '../../http/csrf.ts';
import { tokensEqual } from '../../http/session.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD']);

export function requireOwnerToken(request: FastifyRequest, ownerToken: string | undefined): void {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  const presented = match?.[1];
  if (ownerToken === undefined || presented === undefined || !tokensEqual(presented, ownerToken)) {
    throw new AppError('OWNER_UNAUTHORIZED');
  }
}

/** The check of one owner route: a bearer token, else a logged-in owner allowed `action`. */
export function requireOwnerAccess(
  request: FastifyRequest,
  action: OwnerAction,
  ownerToken: string | undefined,
): void {
  if (request.headers.authorization !== undefined) {
    requireOwnerToken(request, ownerToken);
    return;
  }
  const { owner } = request;
  if (!owner) throw new AppError('OWNER_UNAUTHORIZED');
  if (!roleAllows(owner.role, action)) throw new AppError('OWNER_FORBIDDEN');
  if (!SAFE_METHODS.has(request.method)) checkCsrf(request);
}

/**
 * Route options of an owner API. The global CSRF hook is off for these routes because bearer
 * calls carry no crumb; requireOwnerAccess checks it for logged-in owners instead. preHandler
 * runs after the owners module resolved the login (onRequest).
 */
export function ownerRouteOptions(
  ownerToken: string | undefined,
  action: OwnerAction = 'analytics:read',
) {
  return {
    config: { csrf: false },
    preHandler: async (request: FastifyRequest) => requireOwnerAccess(request, action, ownerToken),
  };
}
