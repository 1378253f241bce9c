/**
 * Mailing-list API: POST /api/vitrine/newsletter/unsubscribe { token } → { unsubscribed: true };
 * the owner's subscriber list (owner-routes.ts).
 * The pages (the unsubscribe page of type 300, its form post, the confirmation link) render in
 * the site's theme: src/server/modules/mailing-list/newsletter-pages.ts.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../shared/errors.ts';
import type { Database } from '../../db/index.ts';
import { LINK_RATE_LIMIT } from './messages.ts';
import { registerOwnerSubscriberRoutes } from './owner-routes.ts';
import { unsubscribe } from './unsubscribe.ts';

export interface MailingListRouteDeps {
  readonly database: Database;
  readonly secret: string;
}

const unsubscribeBody = z.object({ token: z.string().max(200) });

export function registerMailingListRoutes(app: FastifyInstance, deps: MailingListRouteDeps): void {
  registerOwnerSubscriberRoutes(app, deps);
  app.post(
    '/api/vitrine/newsletter/unsubscribe',
    { config: { rateLimit: LINK_RATE_LIMIT } },
    async (request) => {
      const { token } = unsubscribeBody.parse(request.body);
      if (!(await unsubscribe(deps.database.db, deps.secret, token)))
        throw new AppError('NEWSLETTER_LINK_INVALID');
      return { unsubscribed: true };
    },
  );
}
