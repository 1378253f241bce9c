/**
 * Failures while serving a page answer with the theme's error page (page type 101) instead of
 * the bare one: the visitor keeps the site's header, navigation and styles. Client errors (4xx)
 * keep the app-wide answers; a 5xx shows only the error catalog's message for its code (never
 * the error's own message or stack) and is logged with the request id. When the site itself
 * cannot be read, the app-wide error page answers.
 */
import type { FastifyInstance } from 'fastify';
import { AppError, ERRORS } from '../../shared/errors.ts';
import type { SiteResolver } from '../http/current-site.ts';
import { sendError, toAppError } from '../http/error-handler.ts';
import type { PageRenderer } from './page-routes.ts';

export interface PageErrorDeps {
  readonly sites: SiteResolver;
  readonly pages: PageRenderer;
}

/** Sets the error handler of `scope`, the encapsulated context of the page routes. */
export function registerPageErrorHandler(scope: FastifyInstance, deps: PageErrorDeps): void {
  scope.setErrorHandler(async (error: unknown, request, reply) => {
    const appError = toAppError(error) ?? new AppError('INTERNAL');
    if (appError.status < 500) return sendError(reply, appError);
    request.log.error({ err: error }, ERRORS[appError.code].message);
    const site = await deps.sites.current().catch(() => undefined);
    if (!site) return sendError(reply, appError);
    try {
      return await deps.pages.renderError(request, reply, site, {
        status: appError.status,
        message: appError.code === 'INTERNAL' ? undefined : ERRORS[appError.code].message,
      });
    } catch (renderFailure) {
      request.log.error({ err: renderFailure }, 'the theme error page failed');
      return sendError(reply, appError);
    }
  });
}
