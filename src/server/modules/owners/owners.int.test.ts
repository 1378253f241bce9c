import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../../test/helpers/app.ts';
import { createTestDatabase } from '../../../../test/helpers/db.ts';
import { newVisitor, type Visitor } from '../../../../test/helpers/session.ts';
import { accountCounts, insertOwner, PASSWORD } from '../../../../test/helpers/site-users.ts';
import {
  OWNER_ACTIONS,
  ROLE_ACTIONS,
  WEBSITE_ROLES,
  type WebsiteRoleName,
} from '../../../shared/roles.ts';
import { createApp } from '../../app.ts';
import { schema, type Database } from '../../db/index.ts';
import { DEMO_SITE_FILE, readSiteFile } from '../../main.ts';
import { importSite } from '../site-import/index.ts';
import { OWNER_SESSION_SECONDS } from './owner-session.ts';
import { requireOwner } from './require-owner.ts';

const SESSION = '/api/vitrine/owner/session';
/** A colon would be a path parameter: `stock:edit` → /api/vitrine/owner/test/stock-edit. */
const guardPath = (action: string) => `/api/vitrine/owner/test/${action.replace(':', '-')}`;
let app: FastifyInstance;
let database: Database;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  ({ database, cleanup } = await createTestDatabase());
  await importSite(database, await readSiteFile(DEMO_SITE_FILE));
  app = await createApp({ config: testConfig(), database, logger: false });
  // One guarded route per action, the way owner modules use the guard.
  for (const action of OWNER_ACTIONS) {
    app.get(guardPath(action), { preHandler: requireOwner(action) }, async () => ({ ok: action }));
    app.post(guardPath(action), { preHandler: requireOwner(action) }, async () => ({ ok: action }));
  }
  await app.ready();
  for (const name of Object.keys(WEBSITE_ROLES) as WebsiteRoleName[]) {
    await insertOwner(database.db, `${name.toLowerCase()}@example.com`, WEBSITE_ROLES[name]);
  }
});
afterAll(async () => {
  await app.close();
  await cleanup();
});

async function ownerLogin(
  email: string,
  password = PASSWORD,
): Promise<{ visitor: Visitor; xsrfToken: string }> {
  const visitor = await newVisitor(app);
  const response = await visitor.inject({
    method: 'POST',
    url: SESSION,
    payload: { email, password },
  });
  expect(response.statusCode).toBe(200);
  return { visitor, xsrfToken: response.json<{ xsrfToken: string }>().xsrfToken };
}

describe('owner session', () => {
  it('logs in with an HttpOnly SameSite=Strict cookie and answers the xsrf token and the role', async () => {
    const visitor = await newVisitor(app);
    const response = await visitor.inject({
      method: 'POST',
      url: SESSION,
      payload: { email: 'Store_Manager@Example.com', password: PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      xsrfToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      owner: {
        id: expect.any(String),
        email: 'store_manager@example.com',
        role: 8,
        roleName: 'STORE_MANAGER',
        actions: [...ROLE_ACTIONS.STORE_MANAGER],
      },
    });
    const cookie = (
      response.cookies as { name: string; httpOnly?: boolean; sameSite?: string; maxAge?: number }[]
    ).find((c) => c.name === 'vitrine-owner-session');
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      maxAge: OWNER_SESSION_SECONDS,
    });
    const session = await visitor.inject({ url: SESSION });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual(response.json());
  });

  it('answers a wrong password and an unknown owner with the same 401, changing nothing', async () => {
    const visitor = await newVisitor(app);
    const before = await accountCounts(database.db);
    const wrong = await visitor.inject({
      method: 'POST',
      url: SESSION,
      payload: { email: 'admin@example.com', password: 'wrong password' },
    });
    const unknown = await visitor.inject({
      method: 'POST',
      url: SESSION,
      payload: { email: 'ghost@example.com', password: PASSWORD },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      error: { code: 'LOGIN_FAILED', message: 'The email or password is incorrect.' },
    });
    expect(unknown.json()).toEqual(wrong.json());
    expect(await accountCounts(database.db)).toEqual(before);
    await database.db.delete(schema.loginThrottle);
  });

  it('throttles owner logins per account after 5 failures (429, spec message)', async () => {
    const visitor = await newVisitor(app);
    for (let i = 0; i < 5; i += 1) {
      await visitor.inject({
        method: 'POST',
        url: SESSION,
        payload: { email: 'viewer@example.com', password: 'wrong password' },
      });
    }
    const blocked = await visitor.inject({
      method: 'POST',
      url: SESSION,
      payload: { email: 'viewer@example.com', password: PASSWORD },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      error: { message: 'Please try again in a few seconds.' },
    });
    await database.db.delete(schema.loginThrottle);
  });

  it.each([
    ['no password', { email: 'admin@example.com' }],
    ['a bad email', { email: 'admin', password: PASSWORD }],
    ['wrong types', { email: ['admin@example.com'], password: 1 }],
  ])('refuses %s with 400', async (_name, payload) => {
    const visitor = await newVisitor(app);
    const response = await visitor.inject({ method: 'POST', url: SESSION, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });

  it('logs out: the cookie and the xsrf token stop working', async () => {
    const { visitor, xsrfToken } = await ownerLogin('admin@example.com');
    const out = await visitor.inject({
      method: 'DELETE',
      url: SESSION,
      headers: { 'x-csrf-token': xsrfToken },
    });
    expect(out.statusCode).toBe(200);
    expect((await visitor.inject({ url: SESSION })).statusCode).toBe(401);
    const after = await visitor.inject({
      method: 'POST',
      url: guardPath('stock:edit'),
      headers: { 'x-csrf-token': xsrfToken },
    });
    expect(after.statusCode).toBe(403);
    expect(after.json()).toMatchObject({ error: { code: 'SESSION_EXPIRED' } });
  });

  it('ends an expired login', async () => {
    const { visitor } = await ownerLogin('admin@example.com');
    await database.db.update(schema.ownerSessions).set({
      createdAt: sql`now() - interval '13 hours'`,
      expiresAt: sql`now() - interval '1 hour'`,
    });
    expect((await visitor.inject({ url: SESSION })).statusCode).toBe(401);
  });
});

describe('requireOwner', () => {
  it('answers 401 OWNER_UNAUTHORIZED without an owner login', async () => {
    const visitor = await newVisitor(app);
    const response = await visitor.inject({ url: guardPath('content:read') });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { code: 'OWNER_UNAUTHORIZED', message: 'Owner authentication is required.' },
    });
  });

  it('accepts the owner xsrf token for owner writes', async () => {
    const { visitor, xsrfToken } = await ownerLogin('admin@example.com');
    const response = await visitor.inject({
      method: 'POST',
      url: guardPath('stock:edit'),
      csrf: false,
      headers: { 'x-csrf-token': xsrfToken },
    });
    expect(response.statusCode).toBe(200);
    const forged = await visitor.inject({
      method: 'POST',
      url: guardPath('stock:edit'),
      csrf: false,
      headers: { 'x-csrf-token': 'forged' },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ error: { code: 'SESSION_EXPIRED' } });
  });

  describe.each(Object.keys(WEBSITE_ROLES) as WebsiteRoleName[])('role %s', (name) => {
    it('passes exactly the actions of its row and answers 403 OWNER_FORBIDDEN to the others', async () => {
      const { visitor } = await ownerLogin(`${name.toLowerCase()}@example.com`);
      const outcomes: Record<string, number> = {};
      for (const action of OWNER_ACTIONS) {
        const response = await visitor.inject({ url: guardPath(action) });
        outcomes[action] = response.statusCode;
        if (response.statusCode === 403) {
          expect(response.json()).toEqual({
            error: {
              code: 'OWNER_FORBIDDEN',
              message: 'Your website role does not allow this action.',
            },
          });
        }
      }
      const expected = Object.fromEntries(
        OWNER_ACTIONS.map((action) => [action, ROLE_ACTIONS[name].includes(action) ? 200 : 403]),
      );
      expect(outcomes).toEqual(expected);
    });
  });

  it('follows a role change at once (the role is read with the login, not stored in it)', async () => {
    const { visitor } = await ownerLogin('commenter@example.com');
    expect((await visitor.inject({ url: guardPath('orders:read') })).statusCode).toBe(403);
    await database.db
      .update(schema.ownerAccounts)
      .set({ role: WEBSITE_ROLES.STORE_MANAGER })
      .where(eq(schema.ownerAccounts.emailKey, 'commenter@example.com'));
    expect((await visitor.inject({ url: guardPath('orders:read') })).statusCode).toBe(200);
  });
});
