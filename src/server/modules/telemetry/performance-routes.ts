/**
 * Page-speed telemetry (docs/behaviour/telemetry.md#page-speed-collector): GET /api/1/performance/settings answers a fresh
 * page-load id and the site's rollout flags; POST /api/1/performance/records takes a JSON array
 * of encoded records (text/plain from sendBeacon, or an XHR) and queues them.
 */
import type { FastifyInstance } from 'fastify';
import { pageSpeedRecordsBody, recordVitals } from '../../../shared/analytics/page-speed-record.ts';
import { AppError } from '../../../shared/errors.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import type { SiteResolver } from '../../http/current-site.ts';
import type { BatchWriter } from '../analytics/index.ts';
import { siteFor } from '../analytics/index.ts';
import { enqueue, ingestionRouteOptions } from '../analytics/index.ts';
import { readTelemetryBody } from '../analytics/index.ts';
import { isIssuedPageLoadId, issuePageLoadId } from './page-load-id.ts';
import type { FlagsCache } from './performance-flags.ts';
import type { PageSpeedRow } from './telemetry-stores.ts';
import { withSite } from '../../http/request-site.ts';

/** 50 records of a few kilobytes each fit; a larger body is not from the collector. */
export const RECORDS_BODY_LIMIT_BYTES = 256 * 1024;

export interface PerformanceDeps {
  readonly config: Config;
  readonly database: Database;
  readonly sites: SiteResolver;
  readonly writer: BatchWriter<PageSpeedRow>;
  readonly flags: FlagsCache;
}

export function registerPerformanceRoutes(scope: FastifyInstance, deps: PerformanceDeps): void {
  const options = withSite(ingestionRouteOptions(deps.config, RECORDS_BODY_LIMIT_BYTES));
  const stats = scope.ingestStats;

  scope.get('/api/1/performance/settings', { config: options.config }, async (request, reply) => {
    const { site } = request;
    const flags = await deps.flags.read(deps.database.db, site);
    // A page-load id is per page load: never from a cache.
    void reply.header('cache-control', 'no-store');
    return { pageLoadId: issuePageLoadId(deps.config.sessionSecret), ...flags };
  });

  scope.post('/api/1/performance/records', options, async (request, reply) => {
    const records = pageSpeedRecordsBody.parse(readTelemetryBody(request, 'json'));
    if (
      records.some((record) => !isIssuedPageLoadId(deps.config.sessionSecret, record.pageLoadId))
    ) {
      throw new AppError('INVALID_PAGE_LOAD_ID');
    }
    const claimed = records.find((record) => record.context?.websiteId !== undefined)?.context
      ?.websiteId;
    const siteId = siteFor(request, claimed, 'context.websiteId');
    if (
      records.some(
        (record) => record.context?.websiteId !== undefined && record.context.websiteId !== siteId,
      )
    ) {
      throw new AppError('VALIDATION_FAILED', {
        fields: { 'context.websiteId': 'is not this site' },
      });
    }
    const receivedAt = new Date();
    enqueue(
      deps.writer,
      records.map((record) => ({
        siteId,
        pageLoadId: record.pageLoadId,
        pageType: record.context?.pageType ?? null,
        path: record.identity?.path ?? null,
        ...recordVitals(record),
        record,
        receivedAt,
      })),
    );
    stats.accept('/api/1/performance/records', records.length);
    return reply.code(202).send({ accepted: records.length });
  });
}
