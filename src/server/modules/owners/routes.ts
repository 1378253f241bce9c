/** Owner routes and the hook that resolves the logged-in owner (registered by app.ts right after the site users'). */
import type { FastifyInstance } from 'fastify';
import type { OwnerDeps } from './deps.ts';
import { ownerLoginHandler, ownerLogoutHandler, ownerSessionHandler } from './login.ts';
import { registerCurrentOwner } from './owner-session.ts';
import { requireOwner } from './require-owner.ts';
import { registerOwnerLinkRoutes } from './link-routes.ts';
import { registerTeamRoutes } from './team-routes.ts';

export const OWNER_SESSION_PATH = '/api/vitrine/owner/session';

export function registerOwnerRoutes(app: FastifyInstance, deps: OwnerDeps): void {
  registerCurrentOwner(app, deps);
  app.post(
    OWNER_SESSION_PATH,
    { config: { rateLimit: { max: 60, timeWindow: 60_000 }, site: 'required' } },
    ownerLoginHandler(deps),
  );
  // Every role may read its own session: 'content:read' is in every role's list.
  app.get(
    OWNER_SESSION_PATH,
    { preHandler: requireOwner('content:read') },
    ownerSessionHandler(deps),
  );
  app.delete(OWNER_SESSION_PATH, ownerLogoutHandler(deps));
  registerTeamRoutes(app, deps);
  registerOwnerLinkRoutes(app, deps);
}
