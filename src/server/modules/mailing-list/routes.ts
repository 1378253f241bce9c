/**
 * Mailing-list routes:
 * - GET  /newsletter/unsubscribe?token=  the newsletter-unsubscribe page (page type 300);
 * - POST /api/vitrine/newsletter/unsubscribe { token } (JSON, or the page's form post);
 * - GET  /api/vitrine/newsletter/confirm?token=  double opt-in confirmation, an HTML answer.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../shared/errors.ts';
import type { Database } from '../../db/index.ts';
import type { SiteResolver } from '../../http/current-site.ts';
import { confirmSubscription } from './confirm.ts';
import { CONFIRM_PATH, UNSUBSCRIBE_PAGE_PATH } from './links.ts';
import {
  MESSAGES,
  messagePage,
  NEWSLETTER_UNSUBSCRIBE_PAGE_TYPE,
  unsubscribePage,
} from './pages.ts';
import { unsubscribe } from './unsubscribe.ts';

export interface MailingListRouteDeps {
  readonly database: Database;
  readonly sites: SiteResolver;
  readonly secret: string;
}

const tokenQuery = z.object({ token: z.string().max(200).default('') });
const unsubscribeBody = z.object({ token: z.string().max(200), crumb: z.string().optional() });

/** Link clicks per IP per minute: plenty for people, little for token guessing. */
const LINK_RATE_LIMIT = { max: 20, timeWindow: 60_000 } as const;

const html = (reply: FastifyReply, status: number, body: string): FastifyReply =>
  reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(body);

const isFormPost = (request: FastifyRequest): boolean =>
  (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');

export function registerMailingListRoutes(app: FastifyInstance, deps: MailingListRouteDeps): void {
  app.get(UNSUBSCRIBE_PAGE_PATH, async (request, reply) => {
    const { token } = tokenQuery.parse(request.query);
    const site = await deps.sites.current();
    return html(
      reply,
      200,
      unsubscribePage(site?.title ?? 'this site', token, request.session.crumb),
    );
  });

  app.post(
    '/api/vitrine/newsletter/unsubscribe',
    { config: { rateLimit: LINK_RATE_LIMIT } },
    async (request, reply) => {
      const { token } = unsubscribeBody.parse(request.body);
      const done = await unsubscribe(deps.database.db, deps.secret, token);
      if (isFormPost(request)) {
        return done
          ? html(
              reply,
              200,
              messagePage('Unsubscribed', MESSAGES.unsubscribed, NEWSLETTER_UNSUBSCRIBE_PAGE_TYPE),
            )
          : html(
              reply,
              400,
              messagePage('Unsubscribe', MESSAGES.invalidLink, NEWSLETTER_UNSUBSCRIBE_PAGE_TYPE),
            );
      }
      if (!done) throw new AppError('NEWSLETTER_LINK_INVALID');
      return { unsubscribed: true };
    },
  );

  app.get(CONFIRM_PATH, { config: { rateLimit: LINK_RATE_LIMIT } }, async (request, reply) => {
    const { token } = tokenQuery.parse(request.query);
    const confirmed = await confirmSubscription(deps.database.db, token);
    return confirmed
      ? html(reply, 200, messagePage('Subscribed', MESSAGES.confirmed))
      : html(reply, 400, messagePage('Subscription', MESSAGES.invalidLink));
  });
}
