/**
 * What a module's pages use of the page engine: the renderer's interface, the deps every file of
 * fixed-path page routes is given, and the path form pages are matched in. This file imports no
 * module and no other part of the engine but the page types, so pages that live in their modules
 * can use it while the engine (site-routes.ts and the contexts) imports those modules' front doors.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/index.ts';
import type { CurrentSite, SiteResolver } from '../http/current-site.ts';
import type { ThrottleClock } from '../modules/auth/index.ts';
import { PAGE_TYPES } from './page-types.ts';

export { PAGE_TYPES };

/** What a route knows about the page it renders. */
export interface PageToRender {
  /** Theme template name, without the extension. */
  readonly template: string;
  /** The numeric page type (docs/behaviour/storefront-pages.md#page-types). */
  readonly pageType: number;
  readonly title?: string | undefined;
  /** HTTP status; 200 unless given. */
  readonly status?: number;
  /** The page's own template data, merged over the shared context. */
  readonly context: Record<string, unknown>;
  /**
   * The page is open to everyone and its data is the same for every visitor, so its HTML may be
   * kept and shown to every anonymous visitor (shared-page-cache.ts).
   */
  readonly shareable?: boolean;
  /**
   * The page shows stock (a product's sold-out mark, 'Only 2 left', product cards): what is kept
   * of it is dropped when the stock version moves (http/current-site.ts), other pages stay.
   */
  readonly carriesStock?: boolean;
}

export interface PageRenderer {
  render(
    request: FastifyRequest,
    reply: FastifyReply,
    site: CurrentSite,
    page: PageToRender,
  ): Promise<FastifyReply>;
  /**
   * The themed error page (page type 101) for a failure while serving a page. It reads nothing
   * per visitor (the database may be what failed) and shows only the given user message (the
   * error catalog's), never the error itself.
   */
  renderError(
    request: FastifyRequest,
    reply: FastifyReply,
    site: CurrentSite,
    failure: PageFailure,
  ): Promise<FastifyReply>;
  /**
   * The HTML of that error page for a visitor known only by the site address they asked for: a
   * request refused before it became one (a malformed address, headers too large to read).
   */
  errorHtml(site: CurrentSite, failure: PageFailure, baseUrl: string): Promise<string>;
}

/**
 * What guards a page, a collection (and what it holds) or the whole site: a visitor password
 * (its hash, to check a typed one against) or a site user's login. `target` names what one
 * unlock opens: `site`, `page:<id>` or `collection:<id>`; `title` is shown on the lock screen.
 */
export type PageProtection =
  | {
      readonly kind: 'password';
      readonly target: string;
      readonly passwordHash: string;
      readonly title: string;
    }
  | { readonly kind: 'members'; readonly target: string; readonly title: string };

/** A page found at a path, as one visitor sees it. */
export interface ResolvedPage extends PageToRender {
  readonly title: string | undefined;
  /** Set on a lock screen or member-area page: what guards the path. */
  readonly protection?: PageProtection;
  /** Set when the page is open to everyone, so anonymous visitors may share its HTML. */
  readonly openToAll?: boolean;
}

/** The visitor a page is resolved for: their session (for unlocks) and login, and the origin. */
export interface PageVisitor {
  readonly sessionId: string;
  readonly signedIn: boolean;
  /** `https://shop.example`: absolute links (share links) start with it. */
  readonly origin: string;
}

/** The visitor of a request: session, login and the origin the request came to. */
export function visitorOf(request: FastifyRequest): PageVisitor {
  return {
    // request.session is absent only on sessionless paths, which never render pages.
    sessionId: (request.session as typeof request.session | null)?.id ?? '',
    signedIn: request.siteUser !== null,
    origin: `${request.protocol}://${request.host}`,
  };
}

export interface PageFailure {
  /** A 5xx, or a 4xx refused before routing (http/client-errors.ts). */
  readonly status: number;
  /** A message for the visitor (the error catalog's); the theme's generic text when absent. */
  readonly message?: string | undefined;
}

/**
 * What a file of fixed-path page routes (cart, checkout, search, …) is given. Pages that need a
 * module's services as well (the account pages, checkout) take them beside these, from
 * site-routes.ts, so this file names no module.
 */
export interface PageRouteDeps {
  readonly database: Database;
  readonly sites: SiteResolver;
  readonly pages: PageRenderer;
  /** SESSION_SECRET: the key of the crumbs and links pages sign. */
  readonly secret: string;
  /** The page-password throttle's time (services.ts); the database's when undefined. */
  readonly throttleClock?: ThrottleClock | undefined;
  /**
   * The page at a path as this visitor sees it, looked up afresh (not through the catch-all's
   * cache): the page, its lock screen or member-area page, or undefined for a 404.
   */
  readonly resolvePage: (
    site: CurrentSite,
    path: string,
    visitor: PageVisitor,
  ) => Promise<ResolvedPage | undefined>;
}

/** Registers fixed-path pages; each file of page routes exports one of these. */
export type PageRoutes = (app: FastifyInstance, deps: PageRouteDeps) => void;

/** Paths are matched as stored: lower-case, no trailing slash, no query. */
export function normalizePath(url: string): string {
  const pathname = new URL(url, 'http://site.invalid').pathname;
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return decodeURIComponent(trimmed).toLowerCase();
}

/**
 * A page of one visitor's own state (their cart, account, subscription, a form's outcome):
 * `no-store`, so no cache keeps it and Back never shows another moment's copy.
 */
export function renderPrivatePage(
  pages: PageRenderer,
  request: FastifyRequest,
  reply: FastifyReply,
  site: CurrentSite,
  page: PageToRender,
): Promise<FastifyReply> {
  void reply.header('cache-control', 'no-store');
  return pages.render(request, reply, site, page);
}

/** The site's 404 page, for a page asked about something that is not there. */
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
