/**
 * Restock routes: the visitor's sign-up (JSON, and the form post without JavaScript) and the
 * owner's lists and sends, sharing one mailer.
 */
import type { FastifyInstance } from 'fastify';
import { createMailer } from '../mail/mailer.ts';
import { registerRestockOwnerRoutes } from './owner-routes.ts';
import { registerRestockSignupFormRoute } from './signup-form-route.ts';
import { registerRestockSignupRoutes, type RestockRouteDeps } from './signup-routes.ts';

export type { RestockRouteDeps } from './signup-routes.ts';

export function registerRestockRoutes(app: FastifyInstance, deps: RestockRouteDeps): void {
  const mailer =
    deps.mailer ?? createMailer({ database: deps.database, smtpUrl: deps.config.smtpUrl });
  app.addHook('onClose', async () => mailer.idle());
  const withMailer = { ...deps, mailer };
  registerRestockSignupRoutes(app, withMailer);
  registerRestockSignupFormRoute(app, withMailer);
  registerRestockOwnerRoutes(app, withMailer);
}
