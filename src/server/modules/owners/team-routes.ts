/**
 * Team endpoints, all 'owners:manage' (ADMIN) and CSRF-checked for writes:
 * - GET    /api/vitrine/owner/team → { owners }
 * - POST   /api/vitrine/owner/team { email, role, invite? } → 201 { owner, temporaryPassword }
 *   (shown once), or with invite: 201 { owner, inviteQueued: true }, the link emailed through the
 *   outbox
 * - PATCH  /api/vitrine/owner/team/:ownerId { role } → { owners }
 * - DELETE /api/vitrine/owner/team/:ownerId → { owners }
 * Never the last ADMIN (409 OWNER_LAST_ADMIN); a changed or removed owner's logins end.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { addTeamOwnerBody, changeTeamRoleBody } from '../../../shared/schemas/owner-team.ts';
import type { OwnerDeps } from './deps.ts';
import { ownerInviteEmail } from './invite-email.ts';
import { INVITE_LINK_PATH } from './owner-links.ts';
import { ownerOf, requireOwner } from './require-owner.ts';
import { addTeamOwner, changeTeamOwner, listTeam } from './team.ts';

export const OWNER_TEAM_PATH = '/api/vitrine/owner/team';
const ownerParams = z.strictObject({ ownerId: z.uuid('Not an owner id') });

export function registerTeamRoutes(app: FastifyInstance, deps: OwnerDeps): void {
  const guard = {
    preHandler: requireOwner('owners:manage'),
    config: { site: 'required' },
  } as const;
  const { db } = deps.database;

  app.get(OWNER_TEAM_PATH, guard, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { owners: await listTeam(db, ownerOf(request).siteId) };
  });

  app.post(OWNER_TEAM_PATH, guard, async (request, reply) => {
    const body = addTeamOwnerBody.parse(request.body ?? {});
    const siteId = ownerOf(request).siteId;
    const added = await addTeamOwner(deps.database, siteId, body);
    void reply.header('cache-control', 'no-store').code(201);
    if ('temporaryPassword' in added) return added;
    const { site } = request;
    const queued = await deps.mailer.deliverLater(
      ownerInviteEmail({
        siteId,
        siteTitle: site.title,
        ownerId: added.owner.id,
        to: added.owner.email,
        roleName: added.owner.roleName,
        link: `${deps.publicOrigin(request).replace(/\/+$/, '')}${INVITE_LINK_PATH}?token=${added.inviteToken}`,
      }),
    );
    if (queued.status === 'not-written')
      request.log.error({ error: queued.error }, 'owner invite email not queued');
    return { owner: added.owner, inviteQueued: queued.status !== 'not-written' };
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
