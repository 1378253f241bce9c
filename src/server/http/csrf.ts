/**
 * CSRF protection for state-changing calls. JSON calls send the session's token in the
 * X-CSRF-Token header (the crumb before login, the xsrfToken after; both are HMACs of the
 * session); plain HTML form posts carry it as a hidden `crumb` field. Telemetry beacons opt out
 * with `config: { csrf: false }`: validation, size and rate limits protect them instead.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../shared/errors.ts';
import { tokensEqual } from './session.ts';

export const CSRF_HEADER = 'x-csrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: this route takes no CSRF token (telemetry beacons). */
    csrf?: boolean;
  }
  interface FastifyRequest {
    /** Further tokens this session accepts (the site user's xsrfToken after login). */
    extraCsrfTokens?: string[];
  }
}

function providedToken(request: FastifyRequest): string | undefined {
  const header = request.headers[CSRF_HEADER];
  if (typeof header === 'string' && header !== '') return header;
  const body = request.body;
  if (typeof body === 'object' && body !== null && 'crumb' in body) {
    const { crumb } = body;
    if (typeof crumb === 'string' && crumb !== '') return crumb;
  }
  return undefined;
}

export function checkCsrf(request: FastifyRequest): void {
  // A visitor whose browser sent no cookies at all cannot have a session: tell them why.
  if (request.session.isNew) {
    throw new AppError(
      Object.keys(request.cookies).length === 0 ? 'COOKIES_DISABLED' : 'SESSION_EXPIRED',
    );
  }
  const token = providedToken(request);
  const accepted = [request.session.crumb, ...(request.extraCsrfTokens ?? [])];
  if (token === undefined || !accepted.some((candidate) => tokensEqual(candidate, token))) {
    throw new AppError('SESSION_EXPIRED');
  }
}

export function registerCsrf(app: FastifyInstance): void {
  // preHandler runs after body parsing, so form posts' hidden field is readable.
  app.addHook('preHandler', async (request) => {
    if (SAFE_METHODS.has(request.method) || request.is404) return;
    if (request.routeOptions.config.csrf === false) return;
    checkCsrf(request);
  });
}
