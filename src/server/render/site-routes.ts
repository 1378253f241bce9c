/**
 * Published-site pages: the request path is looked up in the site's content and rendered
 * through the theme's JSON-T templates, with islands rendered on the server and hydrated in
 * the browser. Pages with a fixed path (cart, checkout, search, …) register their own routes
 * next to the catch-all below and render through the same page renderer.
 */
import { readSiteContextSettings } from '../../shared/site-context/settings.ts';
import { registerSiteStylesRoutes, siteStylesContext } from './site-styles.ts';
import type { FastifyInstance } from 'fastify';
import { createEngine } from '../../template/index.ts';
import type { Database } from '../db/index.ts';
import type { ThemeErrorPage } from '../http/client-errors.ts';
import type { SiteResolver } from '../http/current-site.ts';
import { markPageRoutes } from '../http/request-site.ts';
import { registerCartPage } from '../modules/cart/index.ts';
import { registerGiftCardPage } from '../modules/giftcards/index.ts';
import {
  registerCheckoutPage,
  registerOrderPage,
  type OrderServices,
} from '../modules/orders/index.ts';
import { registerSubscriptionPage } from '../modules/subscriptions/index.ts';
import {
  registerAccountOrderPages,
  registerAccountPages,
  type SiteUserDeps,
} from '../modules/site-users/index.ts';
import { registerNewsletterPages } from '../modules/mailing-list/index.ts';
import {
  registerAccessRoutes,
  registerCalendarRoutes,
  registerSearchRoutes,
} from '../modules/content/index.ts';
import { registerFormPostPage } from '../modules/forms/index.ts';
import { searchProductCards } from './search-product-cards.ts';
import { registerServerCldrPacks } from './cldr-packs.ts';
import type { ClientAssets } from './client-assets.ts';
import { IslandRenderer, loadIslandComponents } from './islands.ts';
import { createPageRenderer, reportTemplateErrors } from './page-renderer.ts';
import { normalizePath, renderNotFound, visitorOf, type PageRoutes } from './page-routes.ts';
import { registerPageErrorHandler } from './page-errors.ts';
import { catalogMessage } from '../../shared/errors.ts';
import { cachedPageFinder } from './page-cache.ts';
import { pageFinder, resolvePage } from './resolve-page.ts';
import { registerThemeAssets } from './theme-assets.ts';
import { loadTheme, type Theme } from './theme.ts';
import { createWidgetRenderer, widgetFormatters } from './widgets.ts';

export interface SiteRouteDeps {
  readonly database: Database;
  readonly sites: SiteResolver;
  readonly assets: ClientAssets | undefined;
  /** The site-user operations, for the account pages' form posts. */
  readonly accounts: SiteUserDeps;
  /** The process's services (src/server/services.ts): checkout charges through its provider. */
  readonly services: OrderServices;
}

/** The fixed-path page routes, registered beside the catch-all content route. */
function pageRoutes(deps: SiteRouteDeps): readonly PageRoutes[] {
  return [
    (app, page) => registerAccountPages(app, { ...page, accounts: deps.accounts }),
    registerAccountOrderPages,
    // The commerce pages, each living in its module: cart (200), checkout (201) with its form
    // post, order confirmation (202), the gift card page and the subscription page.
    registerCartPage,
    (app, page) => registerCheckoutPage(app, { ...page, services: deps.services }),
    registerOrderPage,
    registerGiftCardPage,
    registerSubscriptionPage,
    registerCalendarRoutes,
    registerFormPostPage,
    registerAccessRoutes,
    (app, page) =>
      registerSearchRoutes(app, { ...page, productCards: searchProductCards(deps.database) }),
    registerNewsletterPages,
  ];
}

/**
 * A page is two renders (the page's template, then the site layout around it). The wall clock
 * also runs while the islands inside a render are rendered by React, so on a loaded machine an
 * honest product page can take tens of milliseconds: a budget near that would serve error pages
 * under load. One second a render bounds a hostile template (whose instruction and output
 * budgets stop it sooner in most shapes) without ever cutting a real page short.
 */
export const PAGE_RENDER_BUDGETS = { wallTimeMs: 1_000 } as const;

/**
 * Registers the pages; returns the theme's error page for requests refused before routing
 * (http/client-errors.ts).
 */
export async function registerSiteRoutes(
  app: FastifyInstance,
  deps: SiteRouteDeps,
): Promise<ThemeErrorPage> {
  // Money, numbers and dates render in the site's language, not only English.
  registerServerCldrPacks();
  const islands = new IslandRenderer(await loadIslandComponents());
  const engine = createEngine({
    formatters: widgetFormatters,
    widgets: createWidgetRenderer(islands),
    budgets: PAGE_RENDER_BUDGETS,
  });
  const { theme, errors } = await loadTheme(engine);
  for (const [name, templateErrors] of errors)
    reportTemplateErrors(app.log, `${name}.jsont`, templateErrors);

  const assetRoot = await registerThemeAssets(app, theme.assetDirectory);
  registerSiteStylesRoutes(app, async () => {
    const site = await deps.sites.current();
    return site ? siteStylesContext(readSiteContextSettings(site.settings).siteStyles) : undefined;
  });

  const pages = createPageRenderer({
    database: deps.database,
    theme,
    assets: deps.assets,
    log: app.log,
    assetRoot,
    stockVersion: () => deps.sites.stockVersion(),
  });
  const findPage = cachedPageFinder(pageFinder(deps.database), {
    stockVersion: () => deps.sites.stockVersion(),
  });
  // Pages live in a scope of their own, whose error handler answers with the theme's error page.
  await app.register(async (scope) => {
    markPageRoutes(scope);
    registerPageErrorHandler(scope, { sites: deps.sites, pages });
    for (const register of pageRoutes(deps))
      register(scope, {
        database: deps.database,
        sites: deps.sites,
        pages,
        secret: deps.accounts.secret,
        throttleClock: deps.accounts.throttleClock,
        resolvePage: (site, path, visitor) => resolvePage(deps.database, site, path, visitor),
      });

    scope.get('/*', async (request, reply) => {
      const { site } = request;
      const page = await resolvePage(
        deps.database,
        site,
        normalizePath(request.url),
        visitorOf(request),
        findPage,
      );
      if (!page) return renderNotFound(pages, request, reply, site);
      // A plain form post refused by the cart comes back here with its message (form-routes.ts).
      const { cartError } = request.query as { cartError?: unknown };
      const message = catalogMessage(typeof cartError === 'string' ? cartError : undefined);
      if (message === undefined)
        return pages.render(request, reply, site, { ...page, shareable: page.openToAll === true });
      return pages.render(request, reply, site, {
        ...page,
        context: { ...page.context, cartError: message },
      });
    });
  });

  return async (failure, baseUrl) => {
    const site = await deps.sites.current();
    return site ? pages.errorHtml(site, failure, baseUrl) : undefined;
  };
}

export type { Theme };
