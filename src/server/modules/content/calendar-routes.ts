/**
 * An event's iCalendar file (the "Add to calendar" link of the event page): served only while
 * the event is published and the visitor may open its collection, like the event page itself.
 */
import type { FastifyInstance } from 'fastify';
import { visitorOf, type PageRouteDeps } from '../../render/page-routes.ts';
import { mayOpen, protectionOf } from './access.ts';
import { buildIcs } from './ics.ts';
import { getPublishedEventById } from './item-queries.ts';
import { locationText } from './location-text.ts';

export function registerCalendarRoutes(app: FastifyInstance, deps: PageRouteDeps): void {
  const { database } = deps;

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
