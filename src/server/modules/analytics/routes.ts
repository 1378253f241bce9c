/**
 * Visitor analytics: census and tracking-event ingestion (no CSRF, rate limited, batched
 * writes) and the owner's reports.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import type { SiteResolver } from '../../http/current-site.ts';
import { registerCensusRoutes } from './census-routes.ts';
import { registerEventRoutes } from './event-routes.ts';
import { createAnalyticsWriter } from './event-store.ts';
import { registerIngestionScope, registerIngestionWriter } from './ingestion.ts';
import { registerAnalyticsOwnerRoutes } from './owner-routes.ts';

export interface AnalyticsDeps {
  readonly config: Config;
  readonly database: Database;
  readonly sites: SiteResolver;
}

export async function registerAnalyticsRoutes(
  app: FastifyInstance,
  deps: AnalyticsDeps,
): Promise<void> {
  const writer = createAnalyticsWriter(deps.database, deps.config, app.log);
  registerIngestionWriter(app, writer);
  await registerIngestionScope(app, (scope) => {
    registerCensusRoutes(scope, { config: deps.config, sites: deps.sites, writer });
    registerEventRoutes(scope, { config: deps.config, sites: deps.sites, writer });
  });
  registerAnalyticsOwnerRoutes(app, deps);
}
