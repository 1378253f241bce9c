/**
 * Turns every failure into the catalog's body `{ error: { code, message, fields? } }` with the
 * catalog's status. Unknown failures become a generic 500, logged with the request id; no stack
 * or internal message reaches the client.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { AppError, ERRORS, type ErrorCode } from '../../shared/errors.ts';
import { escapeHtml } from '../../shared/html/escape-html.ts';
import { isDatabaseUnavailable } from './database-errors.ts';

/** Fastify's own client-error codes, mapped to the catalog. */
const FASTIFY_CODES: Readonly<Record<string, ErrorCode>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
};

function zodFields(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || 'body';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Classifies a thrown value as an AppError, or undefined when it is not a client error. */
export function toAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) {
    return new AppError('VALIDATION_FAILED', { fields: zodFields(error) });
  }
  const fastifyError = error as Partial<FastifyError>;
  if (isDatabaseUnavailable(error)) return new AppError('DATABASE_UNAVAILABLE');
  const mapped = fastifyError.code === undefined ? undefined : FASTIFY_CODES[fastifyError.code];
  if (mapped) return new AppError(mapped);
  if (fastifyError.statusCode === 429) return new AppError('RATE_LIMITED');
  if (
    typeof fastifyError.statusCode === 'number' &&
    fastifyError.statusCode >= 400 &&
    fastifyError.statusCode < 500
  ) {
    return new AppError('BAD_REQUEST');
  }
  return undefined;
}

/** Page requests get a readable page (page type 101, error); API calls get the JSON body. */
function wantsPage(request: FastifyRequest): boolean {
  const { url } = request;
  return (
    request.method === 'GET' && !url.startsWith('/api/') && url !== '/healthz' && url !== '/readyz'
  );
}

/** The app-wide error page, for when the theme's cannot be rendered. */
export function errorPage(error: AppError): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Something went wrong</title></head>' +
    `<body data-page-type="101"><main><h1>Something went wrong</h1><p>${escapeHtml(error.message)}</p>` +
    '<p><a href="/">Back to the store</a></p></main></body></html>'
  );
}

export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  if (error.retryAfterS !== undefined) void reply.header('retry-after', String(error.retryAfterS));
  if (wantsPage(reply.request) && error.status >= 500) {
    return reply.code(error.status).type('text/html; charset=utf-8').send(errorPage(error));
  }
  return reply.code(error.status).type('application/json; charset=utf-8').send(error.toBody());
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error);
    if (appError) {
      // A refusal that names when to retry is load shed on purpose, not a fault: logging each
      // would add work exactly when the server has none to spare.
      if (appError.status >= 500 && appError.retryAfterS === undefined) {
        request.log.error({ err: error }, appError.message);
      }
      return sendError(reply, appError);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, new AppError('INTERNAL'));
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/')) return sendError(reply, new AppError('NOT_FOUND'));
    return reply
      .code(ERRORS.NOT_FOUND.status)
      .type('text/html; charset=utf-8')
      .send(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Page not found</title></head>' +
          '<body data-page-type="100"><main><h1>Page not found</h1><p><a href="/">Back to the store</a></p></main></body></html>',
      );
  });
}
