/**
 * The owner read APIs' access check until site owners have accounts (another issue): a bearer
 * token from OWNER_TOKEN. No token configured means no owner access at all, never open access.
 * Bearer tokens are not sent by browsers on their own, so these routes need no CSRF token.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../shared/errors.ts';
import { tokensEqual } from '../../http/session.ts';

export function requireOwnerToken(request: FastifyRequest, ownerToken: string | undefined): void {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  const presented = match?.[1];
  if (ownerToken === undefined || presented === undefined || !tokensEqual(presented, ownerToken)) {
    throw new AppError('OWNER_UNAUTHORIZED');
  }
}

/** Route options of an owner API: the token check runs before the body is even read. */
export function ownerRouteOptions(ownerToken: string | undefined) {
  return {
    config: { csrf: false },
    onRequest: async (request: FastifyRequest) => requireOwnerToken(request, ownerToken),
  };
}
