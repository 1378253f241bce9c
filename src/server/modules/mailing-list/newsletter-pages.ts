/**
 * The mailing list's pages, in the site's theme (newsletter.jsont):
 * - GET  /newsletter/unsubscribe?token=  the newsletter-unsubscribe page (page type 300), a form
 *   that works without JavaScript;
 * - POST /newsletter/unsubscribe         its form post, answered with the outcome on the same page;
 * - GET  /api/vitrine/newsletter/confirm?token=  the double opt-in link of the confirmation email.
 * The JSON unsubscribe endpoint stays with the module (modules/mailing-list/routes.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { confirmSubscription } from './confirm.ts';
import { CONFIRM_PATH, UNSUBSCRIBE_PAGE_PATH } from './links.ts';
import { LINK_RATE_LIMIT, MESSAGES } from './messages.ts';
import { unsubscribe } from './unsubscribe.ts';
import { PAGE_TYPES } from '../../render/page-types.ts';
import { renderPrivatePage, type PageRoutes } from '../../render/page-routes.ts';

const tokenQuery = z.object({ token: z.string().max(200).catch('') });
const unsubscribeForm = z.object({ token: z.string().max(200).catch('') });

interface NewsletterView {
  readonly heading: string;
  readonly message?: string;
  readonly form?: { readonly action: string; readonly token: string };
}

/**
 * The page an emailed link leads to: its page type, what it says when the link worked, and the
 * heading of the invalid-link page.
 */
interface LinkPage {
  readonly pageType: number;
  readonly success: { readonly heading: string; readonly message: string };
  readonly invalidHeading: string;
}

const LINK_PAGES = {
  unsubscribe: {
    pageType: PAGE_TYPES.NEWSLETTER_UNSUBSCRIBE,
    success: { heading: 'Unsubscribed', message: MESSAGES.unsubscribed },
    invalidHeading: 'Unsubscribe',
  },
  confirm: {
    pageType: PAGE_TYPES.PAGE,
    success: { heading: 'Subscribed', message: MESSAGES.confirmed },
    invalidHeading: 'Subscription',
  },
} satisfies Record<string, LinkPage>;

export const registerNewsletterPages: PageRoutes = (app, { database, pages, secret }) => {
  // The unsubscribe tokens are signed with the session secret (modules/mailing-list/links.ts):
  // `secret` below.
  async function show(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    pageType: number,
    view: NewsletterView,
  ): Promise<FastifyReply> {
    const { site } = request;
    // Each answer carries a token or the session's crumb: never kept by a shared cache.
    return renderPrivatePage(pages, request, reply, site, {
      template: 'newsletter',
      pageType,
      title: view.heading,
      status,
      context: { newsletter: view },
    });
  }

  /** What a followed link did: the success, or the invalid-link page (400) under its heading. */
  function showLinkOutcome(
    request: FastifyRequest,
    reply: FastifyReply,
    link: LinkPage,
    succeeded: boolean,
  ): Promise<FastifyReply> {
    return succeeded
      ? show(request, reply, 200, link.pageType, link.success)
      : show(request, reply, 400, link.pageType, {
          heading: link.invalidHeading,
          message: MESSAGES.invalidLink,
        });
  }

  app.get(UNSUBSCRIBE_PAGE_PATH, async (request, reply) => {
    const { token } = tokenQuery.parse(request.query ?? {});
    return show(request, reply, 200, PAGE_TYPES.NEWSLETTER_UNSUBSCRIBE, {
      heading: 'Unsubscribe',
      form: { action: UNSUBSCRIBE_PAGE_PATH, token },
    });
  });

  app.post(
    UNSUBSCRIBE_PAGE_PATH,
    { config: { rateLimit: LINK_RATE_LIMIT } },
    async (request, reply) => {
      const { token } = unsubscribeForm.parse(request.body ?? {});
      const done = token !== '' && (await unsubscribe(database.db, secret, token));
      return showLinkOutcome(request, reply, LINK_PAGES.unsubscribe, done);
    },
  );

  app.get(CONFIRM_PATH, { config: { rateLimit: LINK_RATE_LIMIT } }, async (request, reply) => {
    const { token } = tokenQuery.parse(request.query ?? {});
    const confirmed = token !== '' && (await confirmSubscription(database.db, token));
    return showLinkOutcome(request, reply, LINK_PAGES.confirm, confirmed);
  });
};
