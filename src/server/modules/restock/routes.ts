/**
 * Restock routes: the visitor's sign-up (JSON, and the form post without JavaScript) and the
 * owner's lists and sends, sharing one mailer; and the automatic send after a stock edit.
 */
import type { FastifyInstance } from 'fastify';
import { createRestockAutoSender, type RestockAutoSender } from './auto-send.ts';
import { createNoticeDelivery } from './delivery.ts';
import { registerRestockOwnerRoutes } from './owner-routes.ts';
import { registerRestockSignupFormRoute } from './signup-form-route.ts';
import { registerRestockSignupRoutes, type RestockRouteDeps } from './signup-routes.ts';

export type { RestockRouteDeps } from './signup-routes.ts';

/** Registers the routes; answers the sender the stock edits call (auto-send.ts). */
export function registerRestockRoutes(
  app: FastifyInstance,
  deps: RestockRouteDeps,
): RestockAutoSender {
  const deliver = createNoticeDelivery(app, deps.mailer, deps.config.smtpUrl !== undefined);
  registerRestockSignupRoutes(app, deps);
  registerRestockSignupFormRoute(app, deps);
  registerRestockOwnerRoutes(app, { ...deps, deliver });
  return createRestockAutoSender({ ...deps, deliver });
}
