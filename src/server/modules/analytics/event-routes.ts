/**
 * Tracking events: v0 `POST /api/events/RecordEvent` (form fields crumb, event, data JSON) and
 * v2 `POST /api/v1/clanker/events` (eventContent JSON text checked against the schema named by
 * eventSchemaName), plus `GET /api/v1/clanker/validate-event-content/{schemaName}`, which says
 * whether a content would be accepted without storing anything.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { kindOfEventName, type AnalyticsEventKind } from '../../../shared/analytics/event-kinds.ts';
import { recordEventBody } from '../../../shared/analytics/events-v0.ts';
import {
  clankerEventBody,
  isV2SchemaName,
  MAX_V2_CONTENT_LENGTH,
  V2_EVENT_SCHEMAS,
  type V2SchemaName,
} from '../../../shared/analytics/events-v2.ts';
import { AppError } from '../../../shared/errors.ts';
import { recordingSiteFor, type CensusDeps } from './census-routes.ts';
import { enqueue, ingestionRouteOptions } from './ingestion.ts';
import { readTelemetryBody } from './request-body.ts';
import { eventVisitor } from './visitor.ts';
import { withSite } from '../../http/request-site.ts';

export const EVENT_BODY_LIMIT_BYTES = 32 * 1024;

function requireSchemaName(name: string): V2SchemaName {
  if (!isV2SchemaName(name)) throw new AppError('UNKNOWN_EVENT_SCHEMA');
  return name;
}

/** Field path → first message, as the error catalog's `fields`. */
function issueFields(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues)
    fields[issue.path.join('.') || 'eventContent'] ??= issue.message;
  return fields;
}

function parseContentText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError('VALIDATION_FAILED', { fields: { eventContent: 'is not valid JSON' } });
  }
}

/** What the analytics row needs from any v2 content, whichever schema it passed. */
interface V2Content {
  readonly eventName: string | undefined;
  readonly visitor: string | undefined;
  readonly websiteId: string | undefined;
  readonly pagePath: string | undefined;
  readonly productId: string | undefined;
  readonly data: Record<string, unknown>;
}

type V2Result = { success: true; content: V2Content } | { success: false; error: z.ZodError };

/** Validates a v2 content against its schema; the schema name inside must agree with the outer one. */
function parseV2Content(schemaName: V2SchemaName, content: unknown): V2Result {
  const parsed = V2_EVENT_SCHEMAS[schemaName].safeParse(content);
  if (!parsed.success) return { success: false, error: parsed.error };
  const data: Record<string, unknown> & z.infer<(typeof V2_EVENT_SCHEMAS)['PageView']> =
    parsed.data;
  if (data.schema_name !== undefined && data.schema_name !== schemaName) {
    const issue = {
      code: 'custom' as const,
      path: ['schema_name'],
      message: `must be ${schemaName}`,
      input: data.schema_name,
    };
    return { success: false, error: new z.ZodError([issue]) };
  }
  const text = (key: string): string | undefined => {
    const value = data[key];
    return typeof value === 'string' ? value : undefined;
  };
  return {
    success: true,
    content: {
      eventName: text('event_name'),
      visitor: data.analytics_id ?? text('site_user_id'),
      websiteId: data.website_id,
      pagePath: data.page_path,
      productId: text('item_id'),
      data,
    },
  };
}

function v2Kind(schemaName: V2SchemaName, eventName: string | undefined): AnalyticsEventKind {
  switch (schemaName) {
    case 'PageView':
      return 'page_view';
    case 'StorefrontEvent':
      return eventName === undefined ? 'other' : kindOfEventName(eventName);
    case 'Performance':
      return 'other';
  }
}

const validateQuery = z.object({
  eventContent: z.string().min(1, 'no payload').max(MAX_V2_CONTENT_LENGTH).optional(),
});

export function registerEventRoutes(scope: FastifyInstance, deps: CensusDeps): void {
  const options = withSite(ingestionRouteOptions(deps.config, EVENT_BODY_LIMIT_BYTES));
  const stats = scope.ingestStats;

  scope.post('/api/events/RecordEvent', options, async (request, reply) => {
    const body = recordEventBody.parse(readTelemetryBody(request, 'form'));
    const siteId = recordingSiteFor(
      request,
      body.data.websiteId ?? body.data.website_id,
      'data.websiteId',
    );
    enqueue(deps.writer, [
      {
        siteId,
        source: 'event-v0',
        kind: kindOfEventName(body.event),
        eventName: body.event,
        visitorId: eventVisitor(request, body.data.site_user_id),
        pagePath: body.data.pagePath ?? null,
        productId: body.data.item_id ?? null,
        occurredAt: new Date(),
        data: body.data,
      },
    ]);
    stats.accept('/api/events/RecordEvent');
    return reply.code(202).send({ accepted: 1 });
  });

  scope.post('/api/v1/clanker/events', options, async (request, reply) => {
    const body = clankerEventBody.parse(readTelemetryBody(request, 'form'));
    const schemaName = requireSchemaName(body.eventSchemaName);
    const parsed = parseV2Content(schemaName, parseContentText(body.eventContent));
    if (!parsed.success)
      throw new AppError('VALIDATION_FAILED', { fields: issueFields(parsed.error) });
    const { content } = parsed;
    const siteId = recordingSiteFor(request, content.websiteId, 'website_id');
    enqueue(deps.writer, [
      {
        siteId,
        source: 'event-v2',
        kind: v2Kind(schemaName, content.eventName),
        eventName: content.eventName ?? schemaName,
        visitorId: eventVisitor(request, content.visitor),
        pagePath: content.pagePath ?? null,
        productId: content.productId ?? null,
        occurredAt: new Date(),
        data: { schemaName, ...content.data },
      },
    ]);
    stats.accept('/api/v1/clanker/events');
    return reply.code(202).send({ accepted: 1 });
  });

  scope.get(
    '/api/v1/clanker/validate-event-content/:schemaName',
    { config: ingestionRouteOptions(deps.config, EVENT_BODY_LIMIT_BYTES).config },
    async (request) => {
      const params = z.object({ schemaName: z.string().max(100) }).parse(request.params);
      const schemaName = requireSchemaName(params.schemaName);
      const { eventContent } = validateQuery.parse(request.query);
      if (eventContent === undefined) {
        throw new AppError('VALIDATION_FAILED', { fields: { eventContent: 'no payload' } });
      }
      const parsed = parseV2Content(schemaName, parseContentText(eventContent));
      return parsed.success
        ? { schemaName, valid: true }
        : { schemaName, valid: false, errors: issueFields(parsed.error) };
    },
  );
}
