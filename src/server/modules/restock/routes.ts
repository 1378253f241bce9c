/**
 * Restock routes: the visitor's sign-up (JSON, and the form post without JavaScript) and the
 * owner's lists and sends, sharing one mailer; and the automatic send after a stock edit.
 */
import type { FastifyInstance } from 'fastify';
import { createMailer } from '../mail/mailer.ts';
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
  const mailer =
    deps.mailer ?? createMailer({ database: deps.database, smtpUrl: deps.config.smtpUrl });
  app.addHook('onClose', async () => mailer.idle());
  const withMailer = { ...deps, mailer };
  const deliver = createNoticeDelivery(app, mailer, deps.config.smtpUrl !== undefined);
  registerRestockSignupRoutes(app, withMailer);
  registerRestockSignupFormRoute(app, withMailer);
  registerRestockOwnerRoutes(app, { ...withMailer, deliver });
  return createRestockAutoSender({ ...deps, deliver });
}
