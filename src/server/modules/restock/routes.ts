/** Restock routes: the visitor's sign-up and the owner's lists and sends. */
import type { FastifyInstance } from 'fastify';
import { registerRestockOwnerRoutes } from './owner-routes.ts';
import { registerRestockSignupRoutes, type RestockRouteDeps } from './signup-routes.ts';

export type { RestockRouteDeps } from './signup-routes.ts';

export function registerRestockRoutes(app: FastifyInstance, deps: RestockRouteDeps): void {
  registerRestockSignupRoutes(app, deps);
  registerRestockOwnerRoutes(app, deps);
}
