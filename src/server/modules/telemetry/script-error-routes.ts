/**
 * Script errors (docs/behaviour/telemetry.md#script-errors): POST /api/events/RecordJavascriptErrors with a JSON list of at
 * most 10 events, each an event name, a data string and a timestamp. Stored grouped by message
 * and top stack frame; the stack is cut at 5000 characters.
 */
import type { FastifyInstance } from 'fastify';
import { scriptErrorsBody, topStackFrame } from '../../../shared/analytics/script-errors.ts';
import { AppError } from '../../../shared/errors.ts';
import type { Config } from '../../config.ts';
import type { SiteResolver } from '../../http/current-site.ts';
import type { BatchWriter } from '../analytics/index.ts';
import { enqueue, ingestionRouteOptions } from '../analytics/index.ts';
import { readTelemetryBody } from '../analytics/index.ts';
import type { ScriptErrorRow } from './telemetry-stores.ts';
import { withSite } from '../../http/request-site.ts';

/** 10 events of at most 16 KB of data each, with room for the envelope. */
export const ERRORS_BODY_LIMIT_BYTES = 192 * 1024;

export interface ScriptErrorDeps {
  readonly config: Config;
  readonly sites: SiteResolver;
  readonly writer: BatchWriter<ScriptErrorRow>;
}

function clientTime(value: number | string): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function registerScriptErrorRoutes(scope: FastifyInstance, deps: ScriptErrorDeps): void {
  const options = withSite(ingestionRouteOptions(deps.config, ERRORS_BODY_LIMIT_BYTES));

  scope.post('/api/events/RecordJavascriptErrors', options, async (request, reply) => {
    const events = scriptErrorsBody.parse(readTelemetryBody(request, 'json'));
    const { site } = request;
    const foreign = events.findIndex(
      (event) => event.data.siteId !== undefined && event.data.siteId !== site.id,
    );
    if (foreign >= 0)
      throw new AppError('VALIDATION_FAILED', {
        fields: { [`${foreign}.data.siteId`]: 'is not this site' },
      });
    const receivedAt = new Date();
    enqueue(
      deps.writer,
      events.map(({ eventName, data, timestamp }) => ({
        siteId: site.id,
        message: data.message,
        topFrame: topStackFrame(data),
        eventName,
        templateId: data.templateId ?? null,
        pageUrl: data.pageUrl ?? null,
        userAgent: data.userAgent ?? null,
        applicationName: data.applicationName ?? null,
        stack: data.stack ?? null,
        file: data.file ?? null,
        line: data.line ?? null,
        column: data.column ?? null,
        clientTime: clientTime(timestamp),
        receivedAt,
      })),
    );
    scope.ingestStats.accept('/api/events/RecordJavascriptErrors', events.length);
    return reply.code(202).send({ accepted: events.length });
  });
}
