/**
 * Owner API of telemetry under /api/vitrine/telemetry/ (owner login or OWNER_TOKEN): page-speed p75
 * per page type and per day, script error groups with a sample, and the site's page-speed rollout
 * flags.
 */
import type { FastifyInstance } from 'fastify';
import { ownerRouteOptions } from '../analytics/index.ts';
import { reportRequest, type OwnerReportDeps } from '../analytics/index.ts';
import {
  performanceFlagsBody,
  readPerformanceFlags,
  writePerformanceFlags,
} from './performance-flags.ts';
import { errorGroups, pageSpeedByDay, pageSpeedByPageType } from './report-queries.ts';
import { withSite } from '../../http/request-site.ts';

export function registerTelemetryOwnerRoutes(app: FastifyInstance, deps: OwnerReportDeps): void {
  const options = withSite(ownerRouteOptions(deps.config.ownerToken));
  const settingsOptions = withSite(ownerRouteOptions(deps.config.ownerToken, 'settings:edit'));
  const { db } = deps.database;

  app.get('/api/vitrine/telemetry/page-speed', options, async (request) => {
    const { site, range } = reportRequest(request);
    return {
      ...range,
      timeZone: site.timeZone,
      pageTypes: await pageSpeedByPageType(db, site.id, range, site.timeZone),
      days: await pageSpeedByDay(db, site.id, range, site.timeZone),
    };
  });

  app.get('/api/vitrine/telemetry/errors', options, async (request) => {
    const { site, range } = reportRequest(request);
    return {
      ...range,
      timeZone: site.timeZone,
      groups: await errorGroups(db, site.id, range, site.timeZone),
    };
  });

  app.get('/api/vitrine/telemetry/performance-settings', options, async (request) => {
    const { site } = request;
    return { flags: await readPerformanceFlags(db, site.id) };
  });

  app.put('/api/vitrine/telemetry/performance-settings', settingsOptions, async (request) => {
    const { flags } = performanceFlagsBody.parse(request.body);
    const { site } = request;
    await writePerformanceFlags(db, site.id, flags);
    // Drops the flags cached with the site, here and (on PostgreSQL) in every other process.
    deps.sites.invalidate({ siteId: site.id, what: 'settings' });
    return { flags: await readPerformanceFlags(db, site.id) };
  });
}
