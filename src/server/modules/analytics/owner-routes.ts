/**
 * Owner read API of visitor analytics, under /api/vitrine/analytics/ (docs/behaviour/api-and-data-rules.md#api-shapes), behind
 * an owner login allowed 'analytics:read' or the OWNER_TOKEN bearer. Every report takes `from` and `to`
 * (YYYY-MM-DD, the site's days), by default the last 30 days (report-range.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../../shared/errors.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import type { CurrentSite, SiteResolver } from '../../http/current-site.ts';
import { ingestionWriterStats } from './ingestion.ts';
import { ownerRouteOptions } from './owner-auth.ts';
import { countsByProduct, dailyFunnel, dailySummary, pageViewsByPage } from './report-queries.ts';
import { reportRange, type ReportRange } from './report-range.ts';

export interface OwnerReportDeps {
  readonly config: Config;
  readonly database: Database;
  readonly sites: SiteResolver;
}

/** The site and range of a report request, validated. */
export async function reportRequest(
  request: FastifyRequest,
  sites: SiteResolver,
): Promise<{ site: CurrentSite; range: ReportRange }> {
  const site = await sites.current();
  if (!site) throw new AppError('NOT_FOUND');
  return { site, range: reportRange(request.query, site.timeZone) };
}

export function registerAnalyticsOwnerRoutes(app: FastifyInstance, deps: OwnerReportDeps): void {
  const options = ownerRouteOptions(deps.config.ownerToken);
  const { db } = deps.database;

  app.get('/api/vitrine/analytics/summary', options, async (request) => {
    const { site, range } = await reportRequest(request, deps.sites);
    return {
      ...range,
      timeZone: site.timeZone,
      days: await dailySummary(db, site.id, range, site.timeZone),
    };
  });

  app.get('/api/vitrine/analytics/funnel', options, async (request) => {
    const { site, range } = await reportRequest(request, deps.sites);
    return {
      ...range,
      timeZone: site.timeZone,
      days: await dailyFunnel(db, site.id, range, site.timeZone),
    };
  });

  app.get('/api/vitrine/analytics/pages', options, async (request) => {
    const { site, range } = await reportRequest(request, deps.sites);
    return {
      ...range,
      timeZone: site.timeZone,
      pages: await pageViewsByPage(db, site.id, range, site.timeZone),
    };
  });

  app.get('/api/vitrine/analytics/products', options, async (request) => {
    const { site, range } = await reportRequest(request, deps.sites);
    return {
      ...range,
      timeZone: site.timeZone,
      products: await countsByProduct(db, site.id, range, site.timeZone),
    };
  });

  /** What ingestion accepted and refused since the process started, and its buffers. */
  app.get('/api/vitrine/analytics/ingestion', options, async () => ({
    ...app.ingestStats.snapshot(),
    writers: ingestionWriterStats(app),
  }));
}
