/** What other modules may use of the owners module: the guard, demo owners and the team API. */
export { requireOwner, ownerOf } from './require-owner.ts';
export type { Owner } from './owner-session.ts';
export { addDemoOwners, DEMO_OWNERS, DEMO_OWNER_PASSWORD } from './demo-owners.ts';
export { OWNER_SESSION_PATH } from './routes.ts';
export { registerOwnerRoutes } from './routes.ts';
export type { OwnerDeps } from './deps.ts';
export { runOwnerCommand } from './cli-command.ts';
