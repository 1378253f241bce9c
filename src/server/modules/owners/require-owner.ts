/**
 * The guard of every owner endpoint: `preHandler: requireOwner('stock:edit')`.
 * 401 OWNER_UNAUTHORIZED when no owner is logged in; 403 OWNER_FORBIDDEN when the owner's
 * website role lacks the action (the table is src/shared/roles.ts).
 */
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../../../shared/errors.ts';
import { roleAllows, type OwnerAction } from '../../../shared/roles.ts';
import type { Owner } from './owner-session.ts';

export function requireOwner(action: OwnerAction): preHandlerAsyncHookHandler {
  return async function ownerGuard(request: FastifyRequest) {
    const { owner } = request;
    if (!owner) throw new AppError('OWNER_UNAUTHORIZED');
    if (!roleAllows(owner.role, action)) throw new AppError('OWNER_FORBIDDEN');
  };
}

/** The owner of a request that passed requireOwner (handlers call it instead of asserting). */
export function ownerOf(request: FastifyRequest): Owner {
  if (!request.owner) throw new AppError('OWNER_UNAUTHORIZED');
  return request.owner;
}
