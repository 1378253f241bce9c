/** The site's 404 page, for commerce pages asked about something that is not there. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CurrentSite } from '../../http/current-site.ts';
import type { PageRenderer } from '../page-renderer.ts';
import { PAGE_TYPES } from '../page-types.ts';

export function renderNotFound(
  pages: PageRenderer,
  request: FastifyRequest,
  reply: FastifyReply,
  site: CurrentSite,
): Promise<FastifyReply> {
  return pages.render(request, reply, site, {
    template: 'not-found',
    pageType: PAGE_TYPES.NOT_FOUND,
    title: 'Page not found',
    status: 404,
    context: {},
  });
}
