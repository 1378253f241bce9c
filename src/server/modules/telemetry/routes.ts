/**
 * Page-speed telemetry and script errors: ingestion (no CSRF, rate limited, batched writes)
 * and the owner's reports and rollout flags.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import type { SiteResolver } from '../../http/current-site.ts';
import { registerIngestionScope, registerIngestionWriter } from '../analytics/index.ts';
import { registerTelemetryOwnerRoutes } from './owner-routes.ts';
import { createFlagsCache } from './performance-flags.ts';
import { registerPerformanceRoutes } from './performance-routes.ts';
import { registerScriptErrorRoutes } from './script-error-routes.ts';
import { createPageSpeedWriter, createScriptErrorWriter } from './telemetry-stores.ts';

export interface TelemetryDeps {
  readonly config: Config;
  readonly database: Database;
  readonly sites: SiteResolver;
}

export async function registerTelemetryRoutes(
  app: FastifyInstance,
  deps: TelemetryDeps,
): Promise<void> {
  const pageSpeed = createPageSpeedWriter(deps.database, deps.config, app.log);
  const scriptErrors = createScriptErrorWriter(deps.database, deps.config, app.log);
  registerIngestionWriter(app, pageSpeed);
  registerIngestionWriter(app, scriptErrors);
  const flags = createFlagsCache();
  await registerIngestionScope(app, (scope) => {
    registerPerformanceRoutes(scope, { ...deps, writer: pageSpeed, flags });
    registerScriptErrorRoutes(scope, { ...deps, writer: scriptErrors });
  });
  registerTelemetryOwnerRoutes(app, deps);
}
