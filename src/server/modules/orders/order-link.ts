/**
 * The confirmation page's address: `/commerce/orders/{orderId}?token=…`, where the token is an
 * HMAC of the site and order ids under the server's secret (the cookie-signing key). Only the
 * buyer is sent there, so only the buyer can open it; another visitor — even one who learns
 * the order id — cannot compute the token and gets a 404. Nothing is stored: a token cannot be
 * lost, and rotating the secret retires every link at once.
 */
import type { FastifyInstance } from 'fastify';
import { tokensEqual } from '../../http/session.ts';
import { ORDER_PAGE_PREFIX } from '../cart/index.ts';

export function orderViewToken(app: FastifyInstance, siteId: string, orderId: string): string {
  const value = `order-view:${siteId}:${orderId}`;
  // signCookie answers `value.signature` (base64 HMAC-SHA256); the signature is the token,
  // made URL-safe.
  return app
    .signCookie(value)
    .slice(value.length + 1)
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
}

export function isOrderViewToken(
  app: FastifyInstance,
  siteId: string,
  orderId: string,
  token: string | undefined,
): boolean {
  return token !== undefined && tokensEqual(orderViewToken(app, siteId, orderId), token);
}

export function orderPagePath(app: FastifyInstance, siteId: string, orderId: string): string {
  const token = orderViewToken(app, siteId, orderId);
  return `${ORDER_PAGE_PREFIX}/${encodeURIComponent(orderId)}?${new URLSearchParams({ token }).toString()}`;
}

/** The confirmation page as an absolute URL, for a payment provider's page to send the shopper back to. */
export function orderPageUrl(
  app: FastifyInstance,
  origin: string,
  siteId: string,
  orderId: string,
): string {
  return `${origin}${orderPagePath(app, siteId, orderId)}`;
}
