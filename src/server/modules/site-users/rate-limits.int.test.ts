import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { newVisitor } from '../../../../test/helpers/session.ts';
import {
  ACCOUNT_RATE_LIMIT,
  ACCOUNTS_PATH,
  LOGIN_RATE_LIMIT,
  SITE_USER_SESSION_PATH,
} from './routes.ts';

let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp();
});
afterAll(() => harness.close());

describe('per-IP request ceilings', () => {
  it.each([
    ['login', SITE_USER_SESSION_PATH, LOGIN_RATE_LIMIT.max],
    ['account creation', ACCOUNTS_PATH, ACCOUNT_RATE_LIMIT.max],
  ])('%s answers 429 with the spec message past %s requests a minute', async (_name, url, max) => {
    expect(max).toBe(url === ACCOUNTS_PATH ? 20 : 60);
    const visitor = await newVisitor(harness.app);
    // Invalid bodies: counted by the ceiling, but no hashing and no failed-login count.
    for (let i = 0; i < max; i += 1) {
      expect((await visitor.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(400);
    }
    const over = await visitor.inject({ method: 'POST', url, payload: {} });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({
      error: { code: 'RATE_LIMITED', message: 'Please try again in a few seconds.' },
    });
  });
});
