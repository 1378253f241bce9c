/**
 * The cart's cookies: the secret token stays HttpOnly; a readable marker with no secret tells
 * browser code that a cart exists, so pages without one never fetch it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export const CART_TOKEN_COOKIE = 'vitrine-cart-token';
/** Same name the browser's cart store reads (src/clients/cart-store.ts). */
export const CART_MARKER_COOKIE = 'vitrine-cart';
const CART_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 30;
/** Shape of every cart token (cookie, express checkout URL, subscription page). */
const CART_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

export function readCartToken(request: FastifyRequest): string | undefined {
  const token = request.cookies[CART_TOKEN_COOKIE];
  return token && CART_TOKEN_PATTERN.test(token) ? token : undefined;
}

export function setCartCookies(request: FastifyRequest, reply: FastifyReply, token: string): void {
  const secure = request.protocol === 'https';
  const common = { path: '/', sameSite: 'lax', secure, maxAge: CART_COOKIE_MAX_AGE_S } as const;
  void reply.setCookie(CART_TOKEN_COOKIE, token, { ...common, httpOnly: true });
  void reply.setCookie(CART_MARKER_COOKIE, '1', { ...common, httpOnly: false });
}

export function clearCartCookies(reply: FastifyReply): void {
  void reply.clearCookie(CART_TOKEN_COOKIE, { path: '/' });
  void reply.clearCookie(CART_MARKER_COOKIE, { path: '/' });
}

/**
 * The cart a checkout request is about: an express cart named by the checkout URL's `cartToken`
 * (sent back as the `cartToken` query parameter), else the shopper's cart cookie. An express
 * cart is never in the cookie, so the checkout page must pass its token along.
 */
export function readCheckoutCartToken(request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown> | undefined;
  const explicit = query?.cartToken;
  if (typeof explicit === 'string') return CART_TOKEN_PATTERN.test(explicit) ? explicit : undefined;
  return readCartToken(request);
}
