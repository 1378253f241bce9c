/**
 * Published-site pages: the request path is looked up in the site's content and rendered
 * through the theme's JSON-T templates, with islands rendered on the server and hydrated in
 * the browser.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { createEngine, type TemplateError } from '../../template/index.ts';
import type { Database } from '../db/index.ts';
import type { CurrentSite, SiteResolver } from '../http/current-site.ts';
import { findOpenCartByToken } from '../modules/cart/cart-queries.ts';
import { readCartToken } from '../modules/cart/cart-cookies.ts';
import { listNavigation } from '../modules/catalog/content-queries.ts';
import type { ClientAssets } from './client-assets.ts';
import { sendPage } from './etag.ts';
import { escapeHtml } from '../../shared/html/escape-html.ts';
import { IslandRenderer, loadIslandComponents } from './islands.ts';
import { withClientScripts } from './page-scripts.ts';
import { PAGE_TYPES } from './page-types.ts';
import { resolvePage } from './resolve-page.ts';
import { loadTheme, type Theme } from './theme.ts';
import { createWidgetRenderer, widgetFormatters } from './widgets.ts';

export interface SiteRouteDeps {
  readonly database: Database;
  readonly sites: SiteResolver;
  readonly assets: ClientAssets | undefined;
}

const THEME_ASSET_PREFIX = '/theme';

/** Paths are matched as stored: lower-case, no trailing slash, no query. */
export function normalizePath(url: string): string {
  const pathname = new URL(url, 'http://site.invalid').pathname;
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return decodeURIComponent(trimmed).toLowerCase();
}

function reportTemplateErrors(
  app: FastifyInstance,
  template: string,
  errors: readonly TemplateError[],
): void {
  for (const error of errors) {
    app.log.error(
      { template, code: error.code, line: error.line, column: error.column },
      error.message,
    );
  }
}

export async function registerSiteRoutes(app: FastifyInstance, deps: SiteRouteDeps): Promise<void> {
  const islands = new IslandRenderer(await loadIslandComponents());
  const engine = createEngine({
    formatters: widgetFormatters,
    widgets: createWidgetRenderer(islands),
  });
  const { theme, errors } = await loadTheme(engine);
  for (const [name, templateErrors] of errors)
    reportTemplateErrors(app, `${name}.jsont`, templateErrors);

  await app.register(fastifyStatic, {
    root: theme.assetDirectory,
    prefix: `${THEME_ASSET_PREFIX}/`,
    decorateReply: false,
    maxAge: '1h',
  });

  function renderPage(
    reply: FastifyReply,
    site: CurrentSite,
    page: { name: string; pageType: number; title?: string; status?: number },
    context: Record<string, unknown>,
  ): FastifyReply {
    const fullContext = {
      ...context,
      website: { id: site.id, siteTitle: site.title, timeZone: site.timeZone },
      pageType: page.pageType,
      pageTitle: page.title,
      theme: { assetRoot: THEME_ASSET_PREFIX },
    };
    const main = theme.render(page.name, fullContext, site.timeZone);
    reportTemplateErrors(app, `${page.name}.jsont`, main.errors);
    // A template error never yields a blank page: its message becomes the content, escaped.
    const mainContent =
      main.output.trim() === '' && main.errors.length > 0
        ? `<p class="template-error">${escapeHtml(main.errors.map((error) => error.message).join('\n'))}</p>`
        : main.output;
    const layout = theme.render('site', { ...fullContext, mainContent }, site.timeZone);
    reportTemplateErrors(app, 'site.jsont', layout.errors);
    return sendPage(reply, page.status ?? 200, withClientScripts(layout.output, deps.assets));
  }

  app.get('/*', async (request, reply) => {
    const site = await deps.sites.current();
    if (!site) return reply.callNotFound();
    const token = readCartToken(request);
    const [cart, navigation, page] = await Promise.all([
      token ? findOpenCartByToken(deps.database.db, site.id, token) : undefined,
      listNavigation(deps.database.db, site.id),
      resolvePage(deps.database, site, normalizePath(request.url)),
    ]);
    const shared = {
      navigation,
      cart: { totalQuantity: cart?.lines.reduce((sum, line) => sum + line.quantity, 0) ?? 0 },
    };
    if (!page) {
      return renderPage(
        reply,
        site,
        { name: 'not-found', pageType: PAGE_TYPES.NOT_FOUND, title: 'Page not found', status: 404 },
        shared,
      );
    }
    return renderPage(
      reply,
      site,
      {
        name: page.template,
        pageType: page.pageType,
        ...(page.title ? { title: page.title } : {}),
      },
      { ...shared, ...page.context },
    );
  });
}

export type { Theme };
