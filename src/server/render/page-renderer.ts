/**
 * Renders a page of the site: the page's theme template inside the site layout, with the
 * context every page shares (website, navigation, cart count, page type). Route files call
 * `render` instead of touching the theme, so each kind of page lives in its own file.
 */
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../../shared/html/escape-html.ts';
import type { TemplateError } from '../../template/index.ts';
import type { Database } from '../db/index.ts';
import type { CurrentSite } from '../http/current-site.ts';
import { readCartToken } from '../modules/cart/cart-cookies.ts';
import { findOpenCartByToken } from '../modules/cart/cart-queries.ts';
import { listNavigation } from '../modules/catalog/content-queries.ts';
import type { ClientAssets } from './client-assets.ts';
import { sendPage } from './etag.ts';
import { withClientScripts } from './page-scripts.ts';
import type { Theme } from './theme.ts';

export const THEME_ASSET_PREFIX = '/theme';

/** What a route knows about the page it renders. */
export interface PageToRender {
  /** Theme template name, without the extension. */
  readonly template: string;
  /** The numeric page type (storefront.md §2). */
  readonly pageType: number;
  readonly title?: string | undefined;
  /** HTTP status; 200 unless given. */
  readonly status?: number;
  /** The page's own template data, merged over the shared context. */
  readonly context: Record<string, unknown>;
}

export interface PageRenderer {
  render(
    request: FastifyRequest,
    reply: FastifyReply,
    site: CurrentSite,
    page: PageToRender,
  ): Promise<FastifyReply>;
}

export interface PageRendererDeps {
  readonly database: Database;
  readonly theme: Theme;
  readonly assets: ClientAssets | undefined;
  readonly log: FastifyBaseLogger;
}

export function reportTemplateErrors(
  log: FastifyBaseLogger,
  template: string,
  errors: readonly TemplateError[],
): void {
  for (const error of errors) {
    log.error(
      { template, code: error.code, line: error.line, column: error.column },
      error.message,
    );
  }
}

export function createPageRenderer(deps: PageRendererDeps): PageRenderer {
  const { database, theme, assets, log } = deps;

  async function sharedContext(request: FastifyRequest, site: CurrentSite) {
    const token = readCartToken(request);
    const [cart, navigation] = await Promise.all([
      token ? findOpenCartByToken(database.db, site.id, token) : undefined,
      listNavigation(database.db, site.id),
    ]);
    return {
      navigation,
      cart: { totalQuantity: cart?.lines.reduce((sum, line) => sum + line.quantity, 0) ?? 0 },
    };
  }

  return {
    async render(request, reply, site, page) {
      const fullContext = {
        ...(await sharedContext(request, site)),
        ...page.context,
        website: { id: site.id, siteTitle: site.title, timeZone: site.timeZone },
        pageType: page.pageType,
        pageTitle: page.title,
        // Plain HTML forms post it back as their hidden `crumb` field (DESIGN.md §4).
        crumb: request.session.crumb,
        theme: { assetRoot: THEME_ASSET_PREFIX },
      };
      const main = theme.render(page.template, fullContext, site.timeZone);
      reportTemplateErrors(log, `${page.template}.jsont`, main.errors);
      // A template error never yields a blank page: its message becomes the content, escaped.
      const mainContent =
        main.output.trim() === '' && main.errors.length > 0
          ? `<p class="template-error">${escapeHtml(main.errors.map((error) => error.message).join('\n'))}</p>`
          : main.output;
      const layout = theme.render('site', { ...fullContext, mainContent }, site.timeZone);
      reportTemplateErrors(log, 'site.jsont', layout.errors);
      return sendPage(reply, page.status ?? 200, withClientScripts(layout.output, assets));
    },
  };
}
