/**
 * Reading telemetry bodies. Browsers send the same payload three ways: a form post
 * (application/x-www-form-urlencoded), fetch/XHR JSON, or `navigator.sendBeacon` with a string,
 * which arrives as text/plain. Each route names the shapes it takes; anything else is a 415, and
 * a text/plain body is decoded as the route expects (form fields or JSON).
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../shared/errors.ts';

export type BodyShape = 'form' | 'json';

const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';
const TEXT = 'text/plain';

function mediaType(request: FastifyRequest): string | undefined {
  const header = request.headers['content-type'];
  return header?.split(';')[0]?.trim().toLowerCase();
}

function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError('INVALID_JSON');
  }
}

/**
 * The body as a value to validate. `shape` is what the route's payload is: form fields (which
 * may also come as JSON) or a JSON document.
 */
export function readTelemetryBody(request: FastifyRequest, shape: BodyShape): unknown {
  const type = mediaType(request);
  const body: unknown = request.body;
  if (type === undefined) {
    // No content type: only an empty body (a bare beacon) is meaningful, and it is empty.
    if (body === undefined || body === null || body === '')
      return shape === 'form' ? {} : undefined;
    throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  }
  if (type === TEXT) {
    const text = typeof body === 'string' ? body.trim() : '';
    if (text === '') return shape === 'form' ? {} : undefined;
    if (shape === 'json' || text.startsWith('{')) return parseJsonText(text);
    return Object.fromEntries(new URLSearchParams(text));
  }
  if (type === JSON_TYPE) return body;
  if (type === FORM && shape === 'form') return body ?? {};
  throw new AppError('UNSUPPORTED_MEDIA_TYPE');
}
