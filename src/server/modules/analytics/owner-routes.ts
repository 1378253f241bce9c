/**
 * Owner read API of visitor analytics, under /api/vitrine/analytics/ (docs/behaviour/api-and-data-rules.md#api-shapes), behind
 * an owner login allowed 'analytics:read' or the OWNER_TOKEN bearer. Every report takes `from` and `to`
 * (YYYY-MM-DD, the site's days), by default the last 30 days (report-range.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import type { CurrentSite, SiteResolver } from '../../http/current-site.ts';
import { ingestionWriterStats } from './ingestion.ts';
import { ownerRouteOptions } from './owner-auth.ts';
import {
  countsByProduct,
  dailyFunnel,
  dailySummary,
  funnelSteps,
  pageViewsByPage,
} from './report-queries.ts';
import { reportRange, type ReportRange } from './report-range.ts';
import { salesByDay, topProducts } from './sales-queries.ts';
import {
  formConversions,
  searchKeywords,
  visitorsByDevice,
  visitsByReferrer,
} from './traffic-queries.ts';
import { withSite } from '../../http/request-site.ts';

export interface OwnerReportDeps {
  readonly config: Config;
  readonly database: Database;
  readonly sites: SiteResolver;
}

/** The site and range of a report request, validated. */
export function reportRequest(request: FastifyRequest): { site: CurrentSite; range: ReportRange } {
  const { site } = request;
  return { site, range: reportRange(request.query, site.timeZone) };
}

export function registerAnalyticsOwnerRoutes(app: FastifyInstance, deps: OwnerReportDeps): void {
  const options = withSite(ownerRouteOptions(deps.config.ownerToken));
  const { db } = deps.database;

  app.get('/api/vitrine/analytics/summary', options, async (request) => {
    const { site, range } = reportRequest(request);
    return {
      ...range,
      timeZone: site.timeZone,
      days: await dailySummary(db, site.id, range, site.timeZone),
    };
  });

  app.get('/api/vitrine/analytics/funnel', options, async (request) => {
    const { site, range } = reportRequest(request);
    return {
      ...range,
      timeZone: site.timeZone,
      days: await dailyFunnel(db, site.id, range, site.timeZone),
      steps: await funnelSteps(db, site.id, range, site.timeZone),
    };
  });

  app.get('/api/vitrine/analytics/referrers', options, async (request) => {
    const { site, range } = reportRequest(request);
    return {
      ...range,
      timeZone: site.timeZone,
      referrers: await visitsByReferrer(db, site.id, range, site.timeZone, request.hostname),
    };
  });

  app.get('/api/vitrine/analytics/devices', options, async (request) => {
    const { site, range } = reportRequest(request);
    return {
      ...range,
      timeZone: site.timeZone,
      devices: await visitorsByDevice(db, site.id, range),
    };
  });

  app.get('/api/vitrine/analytics/searches', options, async (request) => {
    const { site, range } = reportRequest(request);
    return {
      ...range,
      timeZone: site.timeZone,
      keywords: await searchKeywords(db, site.id, range),
    };
  });

  app.get('/api/vitrine/analytics/forms', options, async (request) => {
    const { site, range } = reportRequest(request);
    return {
      ...range,
      timeZone: site.timeZone,
      forms: await formConversions(db, site.id, range, site.timeZone),
    };
  });

  // Revenue is what the dashboard shows only to roles that read orders: the same rule here.
  const salesOptions = withSite(ownerRouteOptions(deps.config.ownerToken, 'orders:read'));
  app.get('/api/vitrine/analytics/sales', salesOptions, async (request) => {
    const { site, range } = reportRequest(request);
    return {
      ...range,
      timeZone: site.timeZone,
      currency: site.currency,
      days: await salesByDay(db, site, range),
      topProducts: await topProducts(db, site, range),
    };
  });

  app.get('/api/vitrine/analytics/pages', options, async (request) => {
    const { site, range } = reportRequest(request);
    return {
      ...range,
      timeZone: site.timeZone,
      pages: await pageViewsByPage(db, site.id, range),
    };
  });

  app.get('/api/vitrine/analytics/products', options, async (request) => {
    const { site, range } = reportRequest(request);
    return {
      ...range,
      timeZone: site.timeZone,
      products: await countsByProduct(db, site.id, range, site.timeZone),
    };
  });

  /** What ingestion accepted and refused since the process started, and its buffers. */
  app.get(
    '/api/vitrine/analytics/ingestion',
    ownerRouteOptions(deps.config.ownerToken),
    async () => ({
      ...app.ingestStats.snapshot(),
      writers: ingestionWriterStats(app),
    }),
  );
}
