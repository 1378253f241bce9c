/**
 * Team endpoints, all 'owners:manage' (ADMIN) and CSRF-checked for writes:
 * - GET    /api/vitrine/owner/team → { owners }
 * - POST   /api/vitrine/owner/team { email, role } → 201 { owner, temporaryPassword } (shown once)
 * - PATCH  /api/vitrine/owner/team/:ownerId { role } → { owners }
 * - DELETE /api/vitrine/owner/team/:ownerId → { owners }
 * Never the last ADMIN (409 OWNER_LAST_ADMIN); a changed or removed owner's logins end.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { addTeamOwnerBody, changeTeamRoleBody } from '../../../shared/schemas/owner-team.ts';
import type { Database } from '../../db/index.ts';
import { ownerOf, requireOwner } from './require-owner.ts';
import { addTeamOwner, changeTeamOwner, listTeam } from './team.ts';

export const OWNER_TEAM_PATH = '/api/vitrine/owner/team';
const ownerParams = z.strictObject({ ownerId: z.uuid('Not an owner id') });

export function registerTeamRoutes(
  app: FastifyInstance,
  deps: { readonly database: Database },
): void {
  const guard = { preHandler: requireOwner('owners:manage') };
  const { db } = deps.database;

  app.get(OWNER_TEAM_PATH, guard, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { owners: await listTeam(db, ownerOf(request).siteId) };
  });

  app.post(OWNER_TEAM_PATH, guard, async (request, reply) => {
    const body = addTeamOwnerBody.parse(request.body ?? {});
    const added = await addTeamOwner(deps.database, ownerOf(request).siteId, body);
    void reply.header('cache-control', 'no-store').code(201);
    return added;
  });

  app.patch(`${OWNER_TEAM_PATH}/:ownerId`, guard, async (request, reply) => {
    const { ownerId } = ownerParams.parse(request.params);
    const { role } = changeTeamRoleBody.parse(request.body ?? {});
    const siteId = ownerOf(request).siteId;
    await changeTeamOwner(deps.database, siteId, ownerId, role);
    void reply.header('cache-control', 'no-store');
    return { owners: await listTeam(db, siteId) };
  });

  app.delete(`${OWNER_TEAM_PATH}/:ownerId`, guard, async (request, reply) => {
    const { ownerId } = ownerParams.parse(request.params);
    const siteId = ownerOf(request).siteId;
    await changeTeamOwner(deps.database, siteId, ownerId, null);
    void reply.header('cache-control', 'no-store');
    return { owners: await listTeam(db, siteId) };
  });
}
