import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { CurrentSite, SiteResolver } from './current-site.ts';
import { registerErrorHandling } from './error-handler.ts';
import { markPageRoutes, registerRequestSite, withSite } from './request-site.ts';

const SITE: CurrentSite = { id: 'site-1', title: 'Shop', currency: 'EUR', timeZone: 'UTC' };

function resolverOf(site: CurrentSite | undefined): SiteResolver & { readonly calls: number } {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    current: () => {
      calls += 1;
      return Promise.resolve(site);
    },
    invalidate: () => undefined,
    stockVersion: () => 0,
  };
}

async function appWith(sites: SiteResolver): Promise<FastifyInstance> {
  const app = Fastify();
  registerErrorHandling(app);
  registerRequestSite(app, sites);
  app.get('/api/needs', withSite({}), async (request) => ({ id: request.site.id }));
  app.get('/api/maybe', { config: { site: 'optional' } }, async (request) => ({
    id: request.siteIfAny?.id ?? null,
  }));
  app.get('/api/none', async () => ({ ok: true }));
  app.get('/api/forgot', async (request) => ({ id: request.site.id }));
  app.get(
    '/api/guarded',
    {
      config: { site: 'required' },
      preHandler: async (_request, reply) => reply.code(401).send({ guard: 'first' }),
    },
    async (request) => ({ id: request.site.id }),
  );
  await app.register(async (scope) => {
    markPageRoutes(scope);
    scope.get('/page', async (request) => request.site.title);
    scope.get('/page/maybe', { config: { site: 'optional' } }, async (request) => ({
      id: request.siteIfAny?.id ?? null,
    }));
  });
  return app;
}

describe('request.site', () => {
  it('is the resolved site on every route that asks, looked up once a request', async () => {
    const sites = resolverOf(SITE);
    const app = await appWith(sites);
    expect((await app.inject('/api/needs')).json()).toEqual({ id: 'site-1' });
    expect((await app.inject('/api/maybe')).json()).toEqual({ id: 'site-1' });
    expect((await app.inject('/page')).body).toBe('Shop');
    expect(sites.calls).toBe(3);
    // The HEAD twin of a GET carries the check once, not twice.
    expect((await app.inject({ method: 'HEAD', url: '/page' })).statusCode).toBe(200);
    expect(sites.calls).toBe(4);
  });

  it('is never looked up on a route that does not ask', async () => {
    const sites = resolverOf(SITE);
    const app = await appWith(sites);
    expect((await app.inject('/api/none')).statusCode).toBe(200);
    expect(sites.calls).toBe(0);
  });

  it('without a site: 404 NOT_FOUND for the API, the plain 404 page for a page, undefined when optional', async () => {
    const app = await appWith(resolverOf(undefined));
    const api = await app.inject('/api/needs');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
    const page = await app.inject('/page');
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Page not found');
    expect((await app.inject('/api/maybe')).json()).toEqual({ id: null });
    expect((await app.inject('/page/maybe')).json()).toEqual({ id: null });
    expect((await app.inject('/api/none')).statusCode).toBe(200);
  });

  it("runs after the route's own preHandlers: a guard answers first", async () => {
    const sites = resolverOf(undefined);
    const app = await appWith(sites);
    const response = await app.inject('/api/guarded');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ guard: 'first' });
    expect(sites.calls).toBe(0);
  });

  it('refuses to give a site to a route that did not ask for one', async () => {
    const app = await appWith(resolverOf(SITE));
    const response = await app.inject('/api/forgot');
    expect(response.statusCode).toBe(500);
  });
});
