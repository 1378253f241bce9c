/** An owner logged in through the owner session API, for inject() tests of owner endpoints. */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { newVisitor, type Visitor } from './session.ts';
import { PASSWORD } from './site-users.ts';

export async function ownerVisitor(
  app: FastifyInstance,
  email: string,
  password = PASSWORD,
): Promise<{ visitor: Visitor; xsrfToken: string }> {
  const visitor = await newVisitor(app, '/config');
  const response = await visitor.inject({
    method: 'POST',
    url: '/api/vitrine/owner/session',
    payload: { email, password },
  });
  expect(response.statusCode).toBe(200);
  return { visitor, xsrfToken: response.json<{ xsrfToken: string }>().xsrfToken };
}
