import Fastify, { type FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/errors.ts';
import type { CurrentSite, SiteResolver } from '../http/current-site.ts';
import { registerErrorHandling } from '../http/error-handler.ts';
import { registerPageErrorHandler } from './page-errors.ts';
import type { PageFailure, PageRenderer } from './page-routes.ts';

const site: CurrentSite = { id: 's', title: 'S', currency: 'USD', timeZone: 'UTC' };

async function appThrowing(
  error: unknown,
  options: { site?: CurrentSite; renderFails?: boolean } = {},
) {
  const failures: PageFailure[] = [];
  const pages: PageRenderer = {
    render: () => Promise.reject(new Error('not used')),
    renderError: async (_request, reply, _site, failure): Promise<FastifyReply> => {
      failures.push(failure);
      if (options.renderFails) throw new Error('theme broken');
      return reply.code(failure.status).type('text/html').send('<themed>');
    },
    errorHtml: () => Promise.reject(new Error('not used')),
  };
  const sites: SiteResolver = {
    current: () => Promise.resolve(options.site),
    invalidate: () => undefined,
    stockVersion: () => 0,
  };
  const app = Fastify();
  registerErrorHandling(app);
  await app.register((scope, _options, done) => {
    registerPageErrorHandler(scope, { sites, pages });
    scope.get('/page', () => {
      throw error;
    });
    done();
  });
  const response = await app.inject('/page');
  await app.close();
  return { response, failures };
}

describe('registerPageErrorHandler', () => {
  it('answers an unexpected failure with the themed page, status 500 and no message of its own', async () => {
    const { response, failures } = await appThrowing(new Error('secret detail'), { site });
    expect(response.statusCode).toBe(500);
    expect(response.body).toBe('<themed>');
    expect(failures).toEqual([{ status: 500, message: undefined }]);
  });

  it("passes a 5xx catalog error's status and catalog message", async () => {
    const { failures } = await appThrowing(
      new AppError('DATABASE_UNAVAILABLE', { message: 'pool exhausted at db.ts:12' }),
      { site },
    );
    expect(failures).toEqual([
      {
        status: 503,
        message: 'The store is temporarily unavailable. Please try again in a moment.',
      },
    ]);
  });

  it('keeps client errors as the app answers them (JSON body, their status)', async () => {
    const { response, failures } = await appThrowing(new AppError('BAD_REQUEST'), { site });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    expect(failures).toEqual([]);
  });

  it('falls back to the plain error page without a site or when the theme fails', async () => {
    for (const options of [{}, { site, renderFails: true }]) {
      const { response } = await appThrowing(new Error('secret detail'), options);
      expect(response.statusCode).toBe(500);
      expect(response.body).toContain('data-page-type="101"');
      expect(response.body).not.toContain('secret detail');
    }
  });
});
