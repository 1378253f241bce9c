import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { readCartToken, readCheckoutCartToken } from './cart-cookies.ts';

const request = (cookies: Record<string, string>, query: Record<string, unknown> = {}) =>
  ({ cookies, query }) as unknown as FastifyRequest;
const token = 'a'.repeat(32);

describe('cart tokens from a request', () => {
  it('reads the cart cookie only when it has the token shape', () => {
    expect(readCartToken(request({ 'vitrine-cart-token': token }))).toBe(token);
    expect(readCartToken(request({ 'vitrine-cart-token': 'short' }))).toBeUndefined();
    expect(
      readCartToken(request({ 'vitrine-cart-token': `${'a'.repeat(20)};drop` })),
    ).toBeUndefined();
  });

  it("prefers an express checkout's cartToken to the cookie, and never falls back from a bad one", () => {
    const express = 'b'.repeat(32);
    expect(
      readCheckoutCartToken(request({ 'vitrine-cart-token': token }, { cartToken: express })),
    ).toBe(express);
    expect(readCheckoutCartToken(request({ 'vitrine-cart-token': token }))).toBe(token);
    expect(
      readCheckoutCartToken(request({ 'vitrine-cart-token': token }, { cartToken: 'x' })),
    ).toBeUndefined();
  });
});
