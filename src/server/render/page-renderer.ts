/**
 * Renders a page of the site: the page's theme template inside the site layout, with the
 * template context every page shares (template-context.ts). Route files call `render` instead
 * of touching the theme, so each kind of page lives in its own file.
 *
 * A page view reads only what depends on the visitor (the cart, when the visitor has one); the
 * site context (site, settings, navigation) comes from the per-site cache (site-context.ts).
 */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { escapeHtml } from '../../shared/html/escape-html.ts';
import type { TemplateError } from '../../template/index.ts';
import type { Database } from '../db/index.ts';
import type { CurrentSite } from '../http/current-site.ts';
import { readCartToken } from '../modules/cart/index.ts';
import { findOpenCartByToken } from '../modules/cart/index.ts';
import type { ClientAssets } from './client-assets.ts';
import { sendPage } from './etag.ts';
import { createSharedPageCache, type SharedPageCache } from './shared-page-cache.ts';
import { PAGE_TYPES } from './page-types.ts';
import { pageClientValues, withClientScripts } from './page-scripts.ts';
import { createPromoPopups, promoPopupIsland, withPromoPopup } from './promo-popup.ts';
import {
  createSiteContextCache,
  shapeSiteContext,
  type SiteContext,
  type SiteContextCache,
} from './site-context.ts';
import {
  buildTemplateContext,
  cartContext,
  THEME_CONTEXT,
  type PageInput,
  type VisitorInput,
} from './template-context.ts';
import type { PageFailure, PageRenderer, PageToRender } from './page-routes.ts';
import type { Theme } from './theme.ts';

export { THEME_ASSET_PREFIX } from './theme-assets.ts';

export interface PageRendererDeps {
  readonly database: Database;
  readonly theme: Theme;
  readonly assets: ClientAssets | undefined;
  readonly log: FastifyBaseLogger;
  /** The per-site context cache; one of its own when not given. */
  readonly contexts?: SiteContextCache;
  /** Where pages link the theme's assets from (theme-assets.ts); the unversioned path by default. */
  readonly assetRoot?: string;
  /** Shareable pages' HTML for anonymous visitors; one of its own when not given. */
  readonly sharedPages?: SharedPageCache;
  /** The site resolver's stock version (http/current-site.ts); 0 for ever when not given. */
  readonly stockVersion?: () => number;
}

export const ERROR_TEMPLATE = 'error';

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

/** A template error never yields a blank page: its message becomes the content, escaped. */
function contentOrError(output: string, errors: readonly TemplateError[]): string {
  if (output.trim() !== '' || errors.length === 0) return output;
  return `<p class="template-error">${escapeHtml(errors.map((error) => error.message).join('\n'))}</p>`;
}

/**
 * Where a shareable page's HTML is kept for this request, or undefined when the visitor sees
 * something of their own: a cart, a login, the owner's session, or a query string.
 */
function sharedPageKey(request: FastifyRequest): string | undefined {
  if (request.url.includes('?')) return undefined;
  if (readCartToken(request) !== undefined || request.siteUser || request.owner) return undefined;
  return `${request.protocol}://${request.host}${request.url}`;
}

function visitorBase(request: FastifyRequest): Pick<VisitorInput, 'baseUrl' | 'crumb'> {
  // request.session is absent when the failure came before the session hook ran.
  const session = request.session as typeof request.session | undefined;
  return { baseUrl: `${request.protocol}://${request.host}`, crumb: session?.crumb ?? '' };
}

export function createPageRenderer(deps: PageRendererDeps): PageRenderer {
  const { database, theme, assets, log } = deps;
  const contexts = deps.contexts ?? createSiteContextCache(database);
  const sharedPages = deps.sharedPages ?? createSharedPageCache();
  const stockVersion = deps.stockVersion ?? (() => 0);
  const themeContext = deps.assetRoot ? { assetRoot: deps.assetRoot } : THEME_CONTEXT;
  const promoPopups = createPromoPopups(database.db);

  async function visitorOf(request: FastifyRequest, site: CurrentSite): Promise<VisitorInput> {
    const token = readCartToken(request);
    const cart = token ? await findOpenCartByToken(database.db, site.id, token) : undefined;
    const { siteUser, owner } = request;
    return {
      ...visitorBase(request),
      cart: cartContext(cart, site.currency),
      siteUser: siteUser ? { id: siteUser.id, email: siteUser.email } : null,
      owner: owner ? { id: owner.id, role: owner.role } : null,
    };
  }

  /** The page's template inside the layout, with template errors logged and never blank. */
  function renderHtml(
    site: SiteContext,
    template: string,
    context: Record<string, unknown>,
    popupIsland = '',
  ): string {
    const options = { timeZone: site.website.timeZone, locale: site.website.language };
    const main = theme.render(template, context, options);
    reportTemplateErrors(log, `${template}.jsont`, main.errors);
    const mainContent = contentOrError(main.output, main.errors);
    const layout = theme.render('site', { ...context, mainContent }, options);
    reportTemplateErrors(log, 'site.jsont', layout.errors);
    const html =
      layout.output.trim() === ''
        ? `<!doctype html><html lang="en"><body>${contentOrError('', layout.errors)}${mainContent}</body></html>`
        : layout.output;
    return withClientScripts(
      withPromoPopup(html, popupIsland),
      assets,
      pageClientValues(site, context),
    );
  }

  function pageHtml(
    siteContext: SiteContext,
    visitor: VisitorInput,
    page: PageToRender,
    placePopup: (context: Record<string, unknown>) => string,
  ): string {
    const input: PageInput = { pageType: page.pageType, title: page.title, context: page.context };
    const context = buildTemplateContext(siteContext, visitor, input, themeContext);
    return renderHtml(siteContext, page.template, context, placePopup(context));
  }

  /** The theme's error page; reads nothing per visitor (the database may be what failed). */
  async function errorHtml(
    site: CurrentSite,
    failure: PageFailure,
    base: Pick<VisitorInput, 'baseUrl' | 'crumb'>,
  ): Promise<string> {
    let siteContext: SiteContext;
    try {
      siteContext = await contexts.get(site);
    } catch {
      // Without navigation, but still the site's own page.
      siteContext = shapeSiteContext(site, []);
    }
    const visitor: VisitorInput = {
      ...base,
      cart: cartContext(undefined, site.currency),
      siteUser: null,
      owner: null,
    };
    const title = siteContext.localizedStrings.errorHeading;
    const context = buildTemplateContext(
      siteContext,
      visitor,
      {
        pageType: PAGE_TYPES.ERROR,
        title,
        context: {
          error: { message: failure.message ?? siteContext.localizedStrings.errorText },
        },
      },
      themeContext,
    );
    return renderHtml(siteContext, ERROR_TEMPLATE, context);
  }

  return {
    async render(request, reply, site, page) {
      // Read before anything waits: a stock change after this point finds the kept HTML stale.
      const stock = stockVersion();
      const status = page.status ?? 200;
      const popup = await promoPopups.get(site);
      const placePopup = (context: Record<string, unknown>) =>
        promoPopupIsland(popup, page.pageType, request.url, context);
      const { baseUrl, crumb } = visitorBase(request);
      const sharedKey =
        page.shareable && sharedPages.acceptsCrumb(crumb) ? sharedPageKey(request) : undefined;
      if (sharedKey === undefined) {
        const [siteContext, visitor] = await Promise.all([
          contexts.get(site),
          visitorOf(request, site),
        ]);
        return sendPage(reply, status, pageHtml(siteContext, visitor, page, placePopup));
      }
      const kept = sharedPages.get(site, sharedKey, crumb, stock);
      if (kept) return sendPage(reply, status, kept.html, kept.etag);
      // Rendered for every anonymous visitor: an empty cart, nobody signed in, and a placeholder
      // that each view replaces with its own crumb.
      const anonymous: VisitorInput = {
        baseUrl,
        crumb: sharedPages.placeholder,
        cart: cartContext(undefined, site.currency),
        siteUser: null,
        owner: null,
      };
      const html = pageHtml(await contexts.get(site), anonymous, page, placePopup);
      const shared = sharedPages.keep(
        site,
        sharedKey,
        html,
        crumb,
        page.carriesStock === true ? stock : undefined,
      );
      return sendPage(reply, status, shared.html, shared.etag);
    },

    async renderError(request, reply, site, failure) {
      const html = await errorHtml(site, failure, visitorBase(request));
      return reply
        .code(failure.status)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(html);
    },

    errorHtml: (site, failure, baseUrl) => errorHtml(site, failure, { baseUrl, crumb: '' }),
  };
}
