/**
 * The one-time owner links' endpoints, outside /api/vitrine/owner/ because nobody is logged in
 * yet (the dashboard's /config/setup and /config/invite pages post here):
 * - POST /api/vitrine/owner-setup { token, email, password } → 201 { owner: { id, email } }: the
 *   site's first ADMIN, who then logs in;
 * - POST /api/vitrine/owner-invite { token, password } → { email }: the invited owner's password.
 * A spent, expired or unknown link: 400 OWNER_LINK_INVALID. Per-IP ceiling as for logins.
 */
import type { FastifyInstance } from 'fastify';
import { ownerInviteBody, ownerSetupBody } from '../../../shared/schemas/owner-team.ts';
import type { Database } from '../../db/index.ts';
import { acceptInvite, completeSetup } from './owner-links.ts';

export const OWNER_SETUP_PATH = '/api/vitrine/owner-setup';
export const OWNER_INVITE_PATH = '/api/vitrine/owner-invite';

const LINK_RATE_LIMIT = { rateLimit: { max: 20, timeWindow: 60_000 } };

export function registerOwnerLinkRoutes(
  app: FastifyInstance,
  deps: { readonly database: Database },
): void {
  app.post(OWNER_SETUP_PATH, { config: LINK_RATE_LIMIT }, async (request, reply) => {
    const body = ownerSetupBody.parse(request.body ?? {});
    const owner = await completeSetup(deps.database, body);
    void reply.code(201).header('cache-control', 'no-store');
    return { owner };
  });

  app.post(OWNER_INVITE_PATH, { config: LINK_RATE_LIMIT }, async (request, reply) => {
    const body = ownerInviteBody.parse(request.body ?? {});
    const accepted = await acceptInvite(deps.database, body);
    void reply.header('cache-control', 'no-store');
    return accepted;
  });
}
