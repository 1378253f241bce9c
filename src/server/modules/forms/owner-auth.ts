/**
 * Owner access to form submissions until site-owner accounts exist (another issue): the request
 * must carry `Authorization: Bearer <OWNER_TOKEN>`. With no OWNER_TOKEN configured, nobody is
 * an owner and every request is refused.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../shared/errors.ts';
import { tokensEqual } from '../../http/session.ts';

export function requireOwnerToken(request: FastifyRequest, ownerToken: string | undefined): void {
  const header = request.headers.authorization;
  const presented = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : undefined;
  if (ownerToken === undefined || presented === undefined || !tokensEqual(presented, ownerToken)) {
    throw new AppError('OWNER_UNAUTHORIZED');
  }
}
