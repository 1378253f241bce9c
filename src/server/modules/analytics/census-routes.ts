/**
 * Census ingestion (docs/behaviour/analytics.md#census-calls): RecordHit (a page view: form fields event and data JSON,
 * the visitor cookie ss_cvr), the side events button-click, button-render, form-render and
 * overlay (visitorCookie and page fields), and RecordQuickView/{id}. Each accepted request
 * queues one row and answers 202; nothing waits for the database. A site that records no
 * analytics refuses them all (403, nothing queued).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  censusFormRenderBody,
  censusQuickViewBody,
  censusSideEventBody,
  quickViewParams,
  recordHitBody,
} from '../../../shared/analytics/census.ts';
import type { AnalyticsEventKind } from '../../../shared/analytics/event-kinds.ts';
import { siteRecordsAnalytics } from '../../../shared/analytics/site-gate.ts';
import { AppError } from '../../../shared/errors.ts';
import type { Config } from '../../config.ts';
import type { CurrentSite, SiteResolver } from '../../http/current-site.ts';
import type { BatchWriter } from './batch-writer.ts';
import type { AnalyticsRow } from './event-store.ts';
import { enqueue, ingestionRouteOptions } from './ingestion.ts';
import { readTelemetryBody } from './request-body.ts';
import { requireCensusVisitor } from './visitor.ts';
import { withSite } from '../../http/request-site.ts';

export const CENSUS_BODY_LIMIT_BYTES = 16 * 1024;

export interface CensusDeps {
  readonly config: Config;
  readonly sites: SiteResolver;
  readonly writer: BatchWriter<AnalyticsRow>;
}

function claimedSite(
  request: FastifyRequest,
  claimed: string | undefined,
  field: string,
): CurrentSite {
  const { site } = request;
  if (claimed !== undefined && claimed !== site.id) {
    throw new AppError('VALIDATION_FAILED', { fields: { [field]: 'is not this site' } });
  }
  return site;
}

/** The current site, checked against the site id a payload claims (a misrouted hit is a 400). */
export function siteFor(
  request: FastifyRequest,
  claimed: string | undefined,
  field: string,
): string {
  return claimedSite(request, claimed, field).id;
}

/**
 * As siteFor, for visitor analytics: a site whose census is disabled (or whose visitor
 * metrics are off) stores nothing, so the hit is refused with a 403 before it is queued.
 */
export function recordingSiteFor(
  request: FastifyRequest,
  claimed: string | undefined,
  field: string,
): string {
  const site = claimedSite(request, claimed, field);
  if (!siteRecordsAnalytics(site.settings)) throw new AppError('ANALYTICS_DISABLED');
  return site.id;
}

type SideEvent = z.infer<typeof censusSideEventBody> & { formId?: string };

function sideEventRow(
  siteId: string,
  kind: AnalyticsEventKind,
  eventName: string,
  visitorId: string,
  body: SideEvent,
  productId: string | undefined,
): AnalyticsRow {
  // The visitor id is its own column; the payload keeps only page fields.
  const data: Record<string, unknown> = { ...body };
  delete data.visitorCookie;
  return {
    siteId,
    source: 'census',
    kind,
    eventName,
    visitorId,
    pagePath: body.pagePath ?? null,
    productId: productId ?? body.itemId ?? null,
    occurredAt: new Date(),
    data,
  };
}

export function registerCensusRoutes(scope: FastifyInstance, deps: CensusDeps): void {
  const options = withSite(ingestionRouteOptions(deps.config, CENSUS_BODY_LIMIT_BYTES));
  const stats = scope.ingestStats;

  scope.post('/api/census/RecordHit', options, async (request, reply) => {
    const body = recordHitBody.parse(readTelemetryBody(request, 'form'));
    const visitorId = requireCensusVisitor(request, body.visitorCookie);
    const siteId = recordingSiteFor(request, body.data.websiteId, 'data.websiteId');
    enqueue(deps.writer, [
      {
        siteId,
        source: 'census',
        kind: 'page_view',
        eventName: body.event,
        visitorId,
        pagePath: body.data.pagePath,
        productId: body.data.itemId ?? null,
        occurredAt: new Date(),
        data: body.data,
      },
    ]);
    stats.accept('/api/census/RecordHit');
    return reply.code(202).send({ accepted: 1 });
  });

  const sideEvents: readonly { path: string; kind: AnalyticsEventKind; name: string }[] = [
    { path: '/api/census/button-click', kind: 'button_click', name: 'button-click' },
    { path: '/api/census/button-render', kind: 'button_render', name: 'button-render' },
    { path: '/api/census/overlay', kind: 'overlay', name: 'overlay' },
  ];
  for (const sideEvent of sideEvents) {
    scope.post(sideEvent.path, options, async (request, reply) => {
      const body = censusSideEventBody.parse(readTelemetryBody(request, 'form'));
      const visitorId = requireCensusVisitor(request, body.visitorCookie);
      const siteId = recordingSiteFor(request, body.websiteId, 'websiteId');
      enqueue(deps.writer, [
        sideEventRow(siteId, sideEvent.kind, sideEvent.name, visitorId, body, undefined),
      ]);
      stats.accept(sideEvent.path);
      return reply.code(202).send({ accepted: 1 });
    });
  }

  scope.post('/api/census/form-render', options, async (request, reply) => {
    const body = censusFormRenderBody.parse(readTelemetryBody(request, 'form'));
    const visitorId = requireCensusVisitor(request, body.visitorCookie);
    const siteId = recordingSiteFor(request, body.websiteId, 'websiteId');
    enqueue(deps.writer, [
      sideEventRow(siteId, 'form_render', 'form-render', visitorId, body, undefined),
    ]);
    stats.accept('/api/census/form-render');
    return reply.code(202).send({ accepted: 1 });
  });

  scope.post('/api/census/RecordQuickView/:id', options, async (request, reply) => {
    const { id } = quickViewParams.parse(request.params);
    const body = censusQuickViewBody.parse(readTelemetryBody(request, 'form'));
    const visitorId = requireCensusVisitor(request, body.visitorCookie);
    const siteId = recordingSiteFor(request, body.websiteId, 'websiteId');
    enqueue(deps.writer, [sideEventRow(siteId, 'quick_view', 'quick-view', visitorId, body, id)]);
    stats.accept('/api/census/RecordQuickView/:id');
    return reply.code(202).send({ accepted: 1 });
  });
}
