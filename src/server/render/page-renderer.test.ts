/**
 * The page renderer's template-error rule (a template error never yields a blank page: the
 * message is the content, escaped, and logged with the template and line) and the page's
 * shared context, with a stand-in theme and site context (no database).
 */
import cookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { TemplateError } from '../../template/index.ts';
import type { Database } from '../db/index.ts';
import type { CurrentSite } from '../http/current-site.ts';
import { createPageRenderer } from './page-renderer.ts';
import type { PageToRender } from './page-routes.ts';
import { shapeSiteContext } from './site-context.ts';
import type { Theme, ThemeRenderResult } from './theme.ts';

const site: CurrentSite = {
  id: 'site-1',
  title: 'Test Store',
  currency: 'USD',
  timeZone: 'Europe/Paris',
  language: 'fr-FR',
  settings: {},
};

const brokenError: TemplateError = {
  code: 'RENDER_FAILED',
  message: 'Unknown formatter <b>shout</b>',
  line: 3,
  column: 7,
};

function fakeTheme(
  page: ThemeRenderResult,
  seen: { context?: unknown; options?: unknown },
  layout?: ThemeRenderResult,
): Theme {
  return {
    directory: '/nowhere',
    assetDirectory: '/nowhere/assets',
    has: () => true,
    render(name, context, options) {
      if (name !== 'site') {
        seen.context = context;
        seen.options = options;
        return page;
      }
      if (layout) return layout;
      const { mainContent, pageType } = context as { mainContent: string; pageType: number };
      return {
        output: `<html><body data-page-type="${pageType}"><main>${mainContent}</main></body></html>`,
        errors: [],
      };
    },
  };
}

function recordingLog() {
  const errors: { fields: unknown; message: unknown }[] = [];
  const log = {
    error: (fields: unknown, message: unknown) => errors.push({ fields, message }),
  } as unknown as FastifyBaseLogger;
  return { log, errors };
}

async function renderWith(
  page: ThemeRenderResult,
  toRender: Partial<PageToRender> = {},
  layout?: ThemeRenderResult,
) {
  const seen: { context?: unknown; options?: unknown } = {};
  const { log, errors } = recordingLog();
  const pages = createPageRenderer({
    database: {} as Database,
    theme: fakeTheme(page, seen, layout),
    assets: undefined,
    log,
    contexts: { get: () => Promise.resolve(shapeSiteContext(site, [])) },
  });
  const app = Fastify();
  await app.register(cookie);
  app.get('/', (request, reply) =>
    pages.render(request, reply, site, {
      template: 'product',
      pageType: 50,
      context: {},
      ...toRender,
    }),
  );
  const response = await app.inject('/');
  await app.close();
  return { response, errors, seen };
}

describe('template errors never yield a blank page', () => {
  it('shows the error message, escaped, as the content and logs template and line', async () => {
    const { response, errors } = await renderWith({ output: '  \n', errors: [brokenError] });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(
      '<main><p class="template-error">Unknown formatter &lt;b&gt;shout&lt;/b&gt;</p></main>',
    );
    expect(response.body).not.toContain('<b>shout</b>');
    expect(errors).toEqual([
      {
        fields: { template: 'product.jsont', code: 'RENDER_FAILED', line: 3, column: 7 },
        message: 'Unknown formatter <b>shout</b>',
      },
    ]);
  });

  it('keeps the output when the template rendered something despite an error, and logs it', async () => {
    const { response, errors } = await renderWith({
      output: '<p>partial</p>',
      errors: [brokenError],
    });
    expect(response.body).toContain('<main><p>partial</p></main>');
    expect(errors).toHaveLength(1);
  });
});

describe('a layout error', () => {
  it('still shows the page content, with the layout error escaped above it, and logs it', async () => {
    const { response, errors } = await renderWith(
      { output: '<p>the product</p>', errors: [] },
      {},
      { output: '', errors: [{ ...brokenError, message: 'Unclosed <section>', line: 9 }] },
    );
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<p class="template-error">Unclosed &lt;section&gt;</p>');
    expect(response.body).toContain('<p>the product</p>');
    expect(errors).toEqual([
      expect.objectContaining({
        fields: expect.objectContaining({ template: 'site.jsont', line: 9 }),
      }),
    ]);
  });
});

describe('the shared context', () => {
  it("carries the page type and renders in the site's time zone and language", async () => {
    const { response, seen } = await renderWith({ output: '<p>ok</p>', errors: [] });
    expect(response.body).toContain('data-page-type="50"');
    expect(seen.options).toEqual({ timeZone: 'Europe/Paris', locale: 'fr-FR' });
    expect(seen.context).toMatchObject({
      pageType: 50,
      website: {
        id: 'site-1',
        siteTitle: 'Test Store',
        language: 'fr-FR',
        baseUrl: 'http://localhost:80',
      },
      pageContext: {
        websiteId: 'site-1',
        pageType: 50,
        websiteRoles: [],
        authenticatedAccountId: null,
      },
      cart: { totalQuantity: 0, subtotalCents: 0, entries: [] },
      siteUser: null,
    });
  });
});
