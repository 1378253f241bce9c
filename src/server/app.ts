/**
 * createApp builds the whole HTTP application from its dependencies without listening, so
 * tests drive exactly the production app through `inject()` and main.ts adds only the socket.
 */
import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/index.ts';
import type { SiteResolver } from './http/current-site.ts';
import { registerCsrf } from './http/csrf.ts';
import { registerRequestSite } from './http/request-site.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { createClientErrorAnswers, MAX_HEADER_BYTES } from './http/client-errors.ts';
import { registerHealthRoutes } from './http/health-routes.ts';
import { DEFAULT_RATE_LIMIT, registerRateLimit, type RateLimitOptions } from './http/rate-limit.ts';
import { registerCompression } from './http/compression.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerSessions } from './http/session.ts';
import { registerAnalyticsRoutes } from './modules/analytics/index.ts';
import { registerPlacesRoutes } from './modules/places/index.ts';
import { registerImageRoutes } from './modules/images/index.ts';
import { registerTelemetryRoutes } from './modules/telemetry/index.ts';
import { registerCartRoutes } from './modules/cart/index.ts';
import { registerCheckoutRoutes } from './modules/checkout/index.ts';
import { registerOrderRoutes } from './modules/orders/index.ts';
import { registerAccountRoutes } from './modules/site-users/index.ts';
import { recaptchaStartupNotice, registerCaptchaRoutes } from './modules/captcha/index.ts';
import { captchaConfig, registerFormRoutes } from './modules/forms/index.ts';
import { registerMailingListRoutes } from './modules/mailing-list/index.ts';
import { registerInventoryRoutes } from './modules/inventory/index.ts';
import { registerReviewsRoutes } from './modules/reviews/index.ts';
import { registerPayLaterRoutes } from './modules/pay-later/index.ts';
import { registerRestockRoutes } from './modules/restock/index.ts';
import { registerStoreAdminRoutes } from './modules/store-admin/index.ts';
import { registerSubscriptionRoutes } from './modules/subscriptions/index.ts';
import { registerSeoRoutes } from './modules/seo/index.ts';
import { registerAssetRoutes, type ClientAssets } from './render/client-assets.ts';
import { orderPageUrl } from './modules/orders/index.ts';
import { registerSiteRoutes } from './render/site-routes.ts';
import { registerRouteTable } from './http/route-table.ts';
import {
  loadAdminAssets,
  registerDashboardRoutes,
  registerOwnerAppShell,
  registerOwnerOutboxRoutes,
} from './modules/owner-app/index.ts';
import { registerOwnerRoutes } from './modules/owners/index.ts';
import { createServices, type ServiceOverrides } from './services.ts';

export interface AppDeps {
  readonly config: Config;
  readonly database: Database;
  /** The built client bundles; absent in API-only tests, where pages render without islands' scripts. */
  readonly assets?: ClientAssets;
  readonly rateLimit?: RateLimitOptions;
  /** Which site a request is for; by default the one site in the database, cached. */
  readonly sites?: SiteResolver;
  /** Pino logger options; false silences logs (tests). */
  readonly logger?: boolean;
  /** Where log lines go instead of stdout, at the configured level (tests that read the log). */
  readonly logStream?: { write(line: string): void };
  /** Run due jobs (subscription renewals) in-process every minute; default: on outside tests. */
  readonly scheduleJobs?: boolean;
  /** Services to use instead of those built from the config (tests inspect a provider, fix a clock). */
  readonly services?: ServiceOverrides;
}

/** JSON bodies above this size are refused with 413 before they are parsed. */
export const BODY_LIMIT_BYTES = 256 * 1024;

export async function createApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const services = createServices(config, deps.database, {
    ...deps.services,
    ...(deps.sites ? { sites: deps.sites } : {}),
  });
  const { sites, mailer, publicOrigin } = services;
  // Requests refused before routing answer like every other error (http/client-errors.ts).
  const clientErrors = createClientErrorAnswers({ publicUrl: config.publicUrl, publicOrigin });
  const app = Fastify({
    logger: deps.logStream
      ? { level: config.logLevel, stream: deps.logStream }
      : deps.logger === false
        ? false
        : { level: config.logLevel },
    // Request ids are ours: an incoming header could be forged to poison log correlation.
    genReqId: () => randomUUID(),
    trustProxy: config.trustedProxies.length > 0 ? [...config.trustedProxies] : false,
    bodyLimit: BODY_LIMIT_BYTES,
    return503OnClosing: true,
    http: { maxHeaderSize: MAX_HEADER_BYTES },
    frameworkErrors: (error, request, reply) => clientErrors.frameworkErrors(error, request, reply),
    clientErrorHandler: (error, socket) => clientErrors.clientErrorHandler(error, socket),
  });

  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });

  // Stopped before the database closes: a pass in progress finishes, then the mail it sent and
  // every background send (they finish, or fail into the outbox).
  const jobs = services.startJobs({
    renewals: deps.scheduleJobs ?? config.nodeEnv !== 'test',
    log: app.log,
  });
  app.addHook('onClose', async () => jobs.stop());
  // Edits made through other processes (or the CLI) drop this process's cached site.
  const siteChanges = await services.startSiteChangeFeed(app.log);
  app.addHook('onClose', async () => siteChanges?.close());

  registerRouteTable(app);
  registerRequestSite(app, sites);
  registerErrorHandling(app);
  registerSecurityHeaders(app, { sites });
  await registerCompression(app);
  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(formbody);
  registerSessions(app, config.sessionSecret);
  registerCsrf(app);
  await registerRateLimit(app, {
    ...DEFAULT_RATE_LIMIT,
    redisUrl: config.redisUrl,
    ...deps.rateLimit,
  });

  // Site users and owners first: their onRequest hooks resolve logins before any route's CSRF check.
  const accounts = registerAccountRoutes(app, {
    database: deps.database,
    sites,
    config,
    mailer,
    publicOrigin,
    throttleClock: services.throttleClock,
  });
  registerOwnerRoutes(app, {
    database: deps.database,
    sites,
    secret: config.sessionSecret,
    publicOrigin,
    mailer,
    throttleClock: services.throttleClock,
  });
  registerHealthRoutes(app, { ping: () => deps.database.ping() });
  registerCartRoutes(app, { database: deps.database });
  registerCheckoutRoutes(app, { database: deps.database });
  const adminAssets = deps.assets ? await loadAdminAssets(deps.assets.directory) : undefined;
  registerOrderRoutes(app, {
    database: deps.database,
    sites,
    services,
    adminStylesheetUrls: adminAssets?.stylesheetUrls ?? [],
    orderPageUrl: (request, siteId, orderId) =>
      orderPageUrl(app, publicOrigin(request), siteId, orderId),
  });
  registerFormRoutes(app, { database: deps.database, config, mailer, publicOrigin });
  const captcha = captchaConfig(config);
  // Only a site that uses reCAPTCHA needs its secret; the check waits for the routes, and a
  // database that cannot answer yet only costs the warning, never the start.
  app.addHook('onReady', async () => {
    const notice = await recaptchaStartupNotice(deps.database.db, captcha).catch(() => undefined);
    if (notice !== undefined) app.log.warn(notice);
  });
  registerCaptchaRoutes(app, { database: deps.database, captcha });
  registerMailingListRoutes(app, { database: deps.database, secret: config.sessionSecret });
  registerInventoryRoutes(app, { database: deps.database });
  registerReviewsRoutes(app, { database: deps.database });
  registerPayLaterRoutes(app, { contentUrl: config.payLater.contentUrl });
  const restock = registerRestockRoutes(app, {
    database: deps.database,
    sites,
    config,
    mailer,
    publicOrigin,
  });
  registerStoreAdminRoutes(app, { database: deps.database, sites, restock });
  registerSubscriptionRoutes(app, { database: deps.database, services });
  await registerAnalyticsRoutes(app, { database: deps.database, sites, config });
  await registerTelemetryRoutes(app, { database: deps.database, sites, config });
  registerPlacesRoutes(app, { config });
  registerImageRoutes(app, { dataDir: config.dataDir });
  registerSeoRoutes(app, { database: deps.database, publicOrigin });
  if (deps.assets) await registerAssetRoutes(app, deps.assets);
  registerDashboardRoutes(app, { database: deps.database });
  registerOwnerOutboxRoutes(app, {
    database: deps.database,
    mailer: services.mailer,
    smtpConfigured: Boolean(config.smtpUrl),
  });
  await registerOwnerAppShell(app, adminAssets);
  clientErrors.useThemePage(
    await registerSiteRoutes(app, {
      database: deps.database,
      sites,
      assets: deps.assets,
      accounts,
      services,
    }),
  );

  return app;
}
