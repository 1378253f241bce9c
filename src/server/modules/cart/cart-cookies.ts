/**
 * The cart's cookies: the secret token stays HttpOnly; a readable marker with no secret tells
 * browser code that a cart exists, so pages without one never fetch it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export const CART_TOKEN_COOKIE = 'vitrine-cart-token';
/** Same name the browser's cart store reads (src/clients/cart-store.ts). */
export const CART_MARKER_COOKIE = 'vitrine-cart';
const CART_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 30;

export function readCartToken(request: FastifyRequest): string | undefined {
  const token = request.cookies[CART_TOKEN_COOKIE];
  return token && /^[A-Za-z0-9_-]{16,128}$/.test(token) ? token : undefined;
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
