/**
 * Content pages that are not a path of the site's content: an event's iCalendar file (the
 * "Add to calendar" link), served only while the event is published and the visitor may open
 * its collection, like the event page itself; and the plain post of a page's form
 * (forms/form-post-routes.ts), answered with the page the form sits on.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isUnlocked, mayOpen, protectionOf, siteProtection } from '../modules/content/index.ts';
import { buildIcs } from '../modules/content/index.ts';
import { getPublishedEventById } from '../modules/content/index.ts';
import { registerFormPostRoutes, type PostedFormPage } from '../modules/forms/index.ts';
import type { PageFormProps } from '../../shared/forms/page-form-view.ts';
import type { CurrentSite } from '../http/current-site.ts';
import { locationText, withFormOutcome } from './content-context.ts';
import { resolvePage, type PageVisitor } from './resolve-page.ts';
import type { PageRouteDeps } from './page-routes.ts';

/** The visitor a page is resolved for: session, login and the origin the request came to. */
export function visitorOf(request: FastifyRequest): PageVisitor {
  return {
    // request.session is absent only on sessionless paths, which never render pages.
    sessionId: (request.session as typeof request.session | null)?.id ?? '',
    signedIn: request.siteUser !== null,
    origin: `${request.protocol}://${request.host}`,
  };
}

interface PageWithForms {
  readonly id: string;
  readonly title: string;
  readonly fullUrl: string;
  readonly formBlocks?: readonly PageFormProps[];
}

export function registerContentRoutes(app: FastifyInstance, deps: PageRouteDeps): void {
  const { database, sites } = deps;

  /**
   * The page a form was posted from, as this visitor may see it: never behind its own lock or
   * the site's (a locked site takes no posts until this visitor unlocked it).
   */
  async function postedFormPage(
    request: FastifyRequest,
    reply: FastifyReply,
    site: CurrentSite,
    path: string,
  ): Promise<PostedFormPage | undefined> {
    const visitor = visitorOf(request);
    const siteLock = siteProtection(site);
    if (siteLock && !(await isUnlocked(database.db, visitor, siteLock))) return undefined;
    const resolved = await resolvePage(database, site, path, visitor);
    if (resolved?.template !== 'page') return undefined;
    const page = resolved.context.page as PageWithForms;
    return {
      id: page.id,
      title: page.title,
      path: page.fullUrl,
      formBlocks: page.formBlocks ?? [],
      show: (formId, outcome, status) =>
        deps.pages.render(request, reply, site, {
          ...resolved,
          status,
          context: withFormOutcome(resolved.context, formId, outcome),
        }),
    };
  }

  registerFormPostRoutes(app, {
    database,
    sites,
    secret: deps.secret,
    submitter: app.pageFormSubmitter,
    findPage: postedFormPage,
  });

  app.get<{ Params: { itemId: string } }>('/calendar/:itemId/event.ics', async (request, reply) => {
    const { site } = request;
    const found = await getPublishedEventById(database.db, site.id, request.params.itemId);
    const { item, collection } = found ?? {};
    if (!item || !collection || !item.startDate || !item.endDate) return reply.callNotFound();
    const protection = protectionOf('collection', collection);
    if (!(await mayOpen(database.db, visitorOf(request), protection))) return reply.callNotFound();
    const visitor = visitorOf(request);
    const ics = buildIcs(
      {
        uid: `${item.id}@${site.id}`,
        title: item.title,
        startDate: item.startDate,
        endDate: item.endDate,
        allDay: item.allDay,
        location: locationText(item.location) || undefined,
        url: visitor.origin + item.fullUrl,
        description: item.excerpt ?? undefined,
      },
      site.timeZone,
    );
    return reply
      .header('cache-control', 'private, no-cache')
      .header('content-disposition', `attachment; filename="${item.id}.ics"`)
      .type('text/calendar; charset=utf-8')
      .send(ics);
  });
}
