/**
 * Content pages that are not a path of the site's content: an event's iCalendar file (the
 * "Add to calendar" link), served only while the event is published and the visitor may open
 * its collection, like the event page itself.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { mayOpen, protectionOf } from '../modules/content/access.ts';
import { buildIcs } from '../modules/content/ics.ts';
import { getPublishedEventById } from '../modules/content/item-queries.ts';
import { locationText } from './content-context.ts';
import type { PageVisitor } from './resolve-page.ts';
import type { PageRouteDeps } from './site-routes.ts';

/** The visitor a page is resolved for: session, login and the origin the request came to. */
export function visitorOf(request: FastifyRequest): PageVisitor {
  return {
    // request.session is absent only on sessionless paths, which never render pages.
    sessionId: (request.session as typeof request.session | null)?.id ?? '',
    signedIn: request.siteUser !== null,
    origin: `${request.protocol}://${request.host}`,
  };
}

export function registerContentRoutes(app: FastifyInstance, deps: PageRouteDeps): void {
  const { database, sites } = deps;

  app.get<{ Params: { itemId: string } }>('/calendar/:itemId/event.ics', async (request, reply) => {
    const site = await sites.current();
    const found = site
      ? await getPublishedEventById(database.db, site.id, request.params.itemId)
      : undefined;
    const { item, collection } = found ?? {};
    if (!site || !item || !collection || !item.startDate || !item.endDate)
      return reply.callNotFound();
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
