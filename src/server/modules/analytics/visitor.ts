/**
 * Who a hit is from. Census hits carry the visitor cookie ss_cvr (docs/behaviour/analytics.md#cookies-and-identity); the side
 * events may send it as a `visitorCookie` field instead (beacons from another origin do not
 * carry cookies). Tracking events identify the visitor by the crumb cookie (docs/behaviour/analytics.md#cookies-and-identity:
 * site_user_id comes from the cookie named crumb).
 */
import type { FastifyRequest } from 'fastify';
import { visitorIdField } from '../../../shared/analytics/fields.ts';
import { VISITOR_COOKIE } from '../../../shared/analytics/limits.ts';
import { AppError } from '../../../shared/errors.ts';
import { CRUMB_COOKIE } from '../../http/session.ts';

function valid(value: string | undefined): string | undefined {
  return value !== undefined && visitorIdField.safeParse(value).success ? value : undefined;
}

/** The census visitor: ss_cvr cookie, else the body's visitorCookie; neither is a 400. */
export function requireCensusVisitor(request: FastifyRequest, fromBody?: string): string {
  const visitor = valid(request.cookies[VISITOR_COOKIE]) ?? valid(fromBody);
  if (visitor === undefined) throw new AppError('VISITOR_COOKIE_MISSING');
  return visitor;
}

/** The tracking-event visitor, when one is known: ss_cvr, else the crumb, else the payload's id. */
export function eventVisitor(request: FastifyRequest, fromPayload?: string): string | null {
  return (
    valid(request.cookies[VISITOR_COOKIE]) ??
    valid(request.cookies[CRUMB_COOKIE]) ??
    valid(fromPayload) ??
    null
  );
}
