/** The commerce pages' paths and the small request readers they share. */
import type { FastifyRequest } from 'fastify';
import { readCheckoutCartToken } from './cart-cookies.ts';

export const CHECKOUT_PAGE_PATH = '/checkout';
export const GIFT_CARD_PAGE_PATH = '/commerce/gift-card';
export const SUBSCRIPTION_PAGE_PATH = '/commerce/subscription';
export const ORDER_PAGE_PREFIX = '/commerce/orders';

/** A query parameter as text, trimmed and bounded; undefined when absent or not text. */
export function queryText(request: FastifyRequest, name: string, max = 500): string | undefined {
  const query = request.query as Record<string, unknown> | undefined;
  const value = query?.[name];
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  return text === '' ? undefined : text.slice(0, max);
}

/**
 * The express or subscription cart token the URL names (`?cartToken=`), never the cookie's:
 * the cookie's token is a secret kept HttpOnly and must not be written into a page.
 */
export function urlCartToken(request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.cartToken === 'string' ? readCheckoutCartToken(request) : undefined;
}

/** `/checkout`, or `/checkout?cartToken=…` for an express or subscription cart. */
export function checkoutPath(cartToken: string | undefined): string {
  return cartToken === undefined
    ? CHECKOUT_PAGE_PATH
    : `${CHECKOUT_PAGE_PATH}?${new URLSearchParams({ cartToken }).toString()}`;
}
