/**
 * `request.site`: the site a request is for, resolved once by one hook instead of by every
 * handler. A route says what it needs in its config:
 *
 * - `site: 'required'`: no site answers 404 as an `AppError('NOT_FOUND')`, through the route's
 *   own error handler (JSON for the API, the refusal page for plain forms);
 * - `site: 'page'`: no site answers the plain 404 page (a page cannot be themed without a site);
 *   every route of the page scope is a page unless it says otherwise (render/site-routes.ts);
 * - `site: 'optional'`: the route works without a site (logout, webhooks, …) and reads
 *   `request.siteIfAny`.
 *
 * Routes that say nothing (probes, static files, the owner app shell, a setup link) never look
 * the site up, so they answer while no site exists or while the database is down.
 *
 * The check runs last among a route's preHandlers, where the handlers used to look the site up:
 * a CSRF refusal or an owner guard answers first, exactly as before.
 */
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../shared/errors.ts';
import type { CurrentSite, SiteResolver } from './current-site.ts';

export type SiteNeed = 'required' | 'page' | 'optional';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route needs of the request's site (http/request-site.ts); nothing when unset. */
    site?: SiteNeed;
  }
  interface FastifyRequest {
    /** The request's site, on a route whose config says `site: 'required'` or `'page'`. */
    readonly site: CurrentSite;
    /** The request's site or undefined, on a route whose config says `site: …`. */
    siteIfAny: CurrentSite | undefined;
  }
}

/** Call in createApp before any route is registered: only routes added after it are covered. */
export function registerRequestSite(app: FastifyInstance, sites: SiteResolver): void {
  app.decorateRequest('siteIfAny', undefined);
  app.decorateRequest('site', {
    getter(this: FastifyRequest): CurrentSite {
      if (this.siteIfAny) return this.siteIfAny;
      // A route that reads request.site without saying so in its config: a programming error.
      throw new Error(
        `${this.method} ${this.routeOptions.url ?? this.url} has no site: set config.site`,
      );
    },
  });

  const resolveSite = async (request: FastifyRequest, reply: FastifyReply) => {
    // Read at request time: the page scope marks its routes after this hook saw them.
    const need = request.routeOptions.config.site;
    if (need === undefined) return;
    const site = await sites.current();
    request.siteIfAny = site;
    if (site || need === 'optional') return;
    if (need === 'required') throw new AppError('NOT_FOUND');
    reply.callNotFound();
    return reply;
  };

  app.addHook('onRoute', (route) => {
    const own = route.preHandler === undefined ? [] : [route.preHandler].flat();
    // The GET's HEAD twin arrives with the GET's handlers, this one included.
    if (!own.includes(resolveSite)) route.preHandler = [...own, resolveSite];
  });
}

/** `options` with `config.site` set to `need`: for route options built by a shared helper. */
export function withSite<T extends { readonly config?: FastifyContextConfig }>(
  options: T,
  need: SiteNeed = 'required',
): T & { readonly config: FastifyContextConfig } {
  return { ...options, config: { ...options.config, site: need } };
}

/** Marks every route of `scope` registered after it as a page unless it says otherwise. */
export function markPageRoutes(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, site: route.config?.site ?? 'page' };
  });
}
