import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { newVisitor } from '../../../../test/helpers/session.ts';
import {
  accountCounts,
  insertSiteUser,
  login,
  PASSWORD,
} from '../../../../test/helpers/site-users.ts';
import { schema } from '../../db/index.ts';
import { REMEMBER_ME_SECONDS } from './cookies.ts';

const PATH = '/api/site-users/account/session';
let harness: TestApp;

beforeAll(async () => {
  harness = await createTestApp();
  await insertSiteUser(harness.database.db, 'Ada@Example.com');
});
afterAll(() => harness.close());

function cookie(response: { cookies: unknown }, name: string) {
  return (
    response.cookies as {
      name: string;
      value: string;
      httpOnly?: boolean;
      maxAge?: number;
      sameSite?: string;
    }[]
  ).find((c) => c.name === name);
}

describe('POST /api/site-users/account/session', () => {
  it('logs in and answers { xsrfToken }, with the HttpOnly login cookie and the readable marker', async () => {
    const visitor = await newVisitor(harness.app);
    const sessionBefore = visitor.cookies.get('vitrine-session');
    const response = await login(visitor, 'ada@example.com');
    expect(response.statusCode).toBe(200);
    const body = response.json<{ xsrfToken: string }>();
    expect(Object.keys(body)).toEqual(['xsrfToken']);
    expect(body.xsrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie(response, 'vitrine-user-session')?.httpOnly).toBe(true);
    const marker = cookie(response, 'vitrine-user');
    expect(marker?.value).toBe('1');
    expect(marker?.httpOnly).not.toBe(true);
    // Without rememberMe both are browser-session cookies.
    expect(cookie(response, 'vitrine-user-session')?.maxAge).toBeUndefined();
    expect(marker?.maxAge).toBeUndefined();
    // The visitor session was rotated (session fixation): new id, new crumb.
    expect(visitor.cookies.get('vitrine-session')).not.toBe(sessionBefore);
    expect(visitor.cookies.get('crumb')).not.toBe(visitor.crumb);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('keeps the login for 30 days with rememberMe', async () => {
    const visitor = await newVisitor(harness.app);
    const response = await login(visitor, 'ada@example.com', PASSWORD, true);
    expect(response.statusCode).toBe(200);
    expect(cookie(response, 'vitrine-user-session')?.maxAge).toBe(REMEMBER_ME_SECONDS);
    expect(cookie(response, 'vitrine-user')?.maxAge).toBe(REMEMBER_ME_SECONDS);
    const [row] = await harness.database.db
      .select({
        days: sql<number>`round(extract(epoch from ${schema.siteUserSessions.expiresAt} - now()) / 86400)::int`,
      })
      .from(schema.siteUserSessions)
      .orderBy(sql`${schema.siteUserSessions.createdAt} desc`)
      .limit(1);
    expect(row?.days).toBe(30);
  });

  it('accepts the xsrfToken in X-CSRF-Token afterwards, and not the crumb of the session before login', async () => {
    const visitor = await newVisitor(harness.app);
    const oldCrumb = visitor.crumb;
    const { xsrfToken } = (await login(visitor, 'ada@example.com')).json<{ xsrfToken: string }>();
    const stale = await visitor.inject({
      method: 'POST',
      url: '/api/vitrine/site-users/password-reset',
      payload: { email: 'x@example.com' },
      headers: { 'x-csrf-token': oldCrumb },
    });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ error: { code: 'SESSION_EXPIRED' } });
    const fresh = await visitor.inject({
      method: 'POST',
      url: '/api/vitrine/site-users/password-reset',
      payload: { email: 'x@example.com' },
      headers: { 'x-csrf-token': xsrfToken },
    });
    expect(fresh.statusCode).toBe(202);
    // The xsrfToken also works on another module's route (the cart), registered by its own module.
    const cart = await visitor.inject({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      payload: { itemId: 'field-notebook', sku: 'FN-DOT-48', quantity: 1 },
      headers: { 'x-csrf-token': xsrfToken },
    });
    expect(cart.statusCode).toBe(200);
  });

  it('refuses the xsrfToken with another visitor session (it is bound to the session and the login)', async () => {
    const visitor = await newVisitor(harness.app);
    const { xsrfToken } = (await login(visitor, 'ada@example.com')).json<{ xsrfToken: string }>();
    const other = await newVisitor(harness.app);
    const response = await other.inject({
      method: 'POST',
      url: '/api/vitrine/site-users/password-reset',
      payload: { email: 'x@example.com' },
      headers: { 'x-csrf-token': xsrfToken },
    });
    expect(response.statusCode).toBe(403);
    // The login cookie moved to a browser with another visitor session counts as no login.
    const moved = await other.inject({
      method: 'POST',
      url: '/api/vitrine/site-users/password-reset',
      payload: { email: 'x@example.com' },
      cookies: { 'vitrine-user-session': visitor.cookies.get('vitrine-user-session') ?? '' },
      headers: { 'x-csrf-token': xsrfToken },
    });
    expect(moved.statusCode).toBe(403);
  });

  it('answers a wrong password and an unknown email with the same 401 and changes nothing', async () => {
    const visitor = await newVisitor(harness.app);
    const before = await accountCounts(harness.database.db);
    const wrongPassword = await login(visitor, 'ada@example.com', 'not the password');
    const unknown = await login(visitor, 'nobody@example.com', PASSWORD);
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({
      error: { code: 'LOGIN_FAILED', message: 'The email or password is incorrect.' },
    });
    expect(unknown.json()).toEqual(wrongPassword.json());
    expect(cookie(wrongPassword, 'vitrine-user')).toBeUndefined();
    expect(await accountCounts(harness.database.db)).toEqual(before);
    await harness.database.db.delete(schema.loginThrottle);
  });

  it.each([
    ['missing email', { password: PASSWORD }],
    ['missing password', { email: 'ada@example.com' }],
    ['email not an address', { email: 'ada', password: PASSWORD }],
    ['email of the wrong type', { email: 42, password: PASSWORD }],
    ['password of the wrong type', { email: 'ada@example.com', password: ['x'] }],
    [
      'rememberMe of the wrong type',
      { email: 'ada@example.com', password: PASSWORD, rememberMe: 'maybe' },
    ],
    ['huge password', { email: 'ada@example.com', password: 'x'.repeat(1025) }],
  ])('refuses %s with 400 and changes nothing', async (_name, payload) => {
    const visitor = await newVisitor(harness.app);
    const before = await accountCounts(harness.database.db);
    const response = await visitor.inject({ method: 'POST', url: PATH, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    expect(await accountCounts(harness.database.db)).toEqual(before);
  });

  it('refuses malformed JSON and a missing crumb', async () => {
    const visitor = await newVisitor(harness.app);
    const malformed = await visitor.inject({
      method: 'POST',
      url: PATH,
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: { code: 'INVALID_JSON' } });
    const noCrumb = await visitor.inject({
      method: 'POST',
      url: PATH,
      csrf: false,
      payload: { email: 'ada@example.com', password: PASSWORD },
    });
    expect(noCrumb.statusCode).toBe(403);
    expect(noCrumb.json()).toMatchObject({
      error: { message: 'Your session has expired. Please reload the page and try again.' },
    });
    const noCookies = await harness.app.inject({
      method: 'POST',
      url: PATH,
      payload: { email: 'ada@example.com', password: PASSWORD },
    });
    expect(noCookies.json()).toMatchObject({
      error: { message: 'Please enable cookies in your browser, reload the page, and try again.' },
    });
  });

  it('throttles an account after 5 failures: 429 with the spec message even for the right password, until the block ends', async () => {
    await insertSiteUser(harness.database.db, 'grace@example.com');
    const visitor = await newVisitor(harness.app);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await login(visitor, 'grace@example.com', 'wrong password')).statusCode).toBe(401);
    }
    const blocked = await login(visitor, 'GRACE@example.com');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: 'Please try again in a few seconds.' },
    });
    const [row] = await harness.database.db
      .select({
        seconds: sql<number>`round(extract(epoch from ${schema.loginThrottle.blockedUntil} - now()))::int`,
      })
      .from(schema.loginThrottle)
      .where(sql`${schema.loginThrottle.key} like 'site-user:%grace@example.com'`);
    // The first block is a few seconds; each further failure doubles it.
    expect(row?.seconds).toBeGreaterThanOrEqual(4);
    expect(row?.seconds).toBeLessThanOrEqual(5);
    // A further failure after the block doubles it.
    await harness.database.db
      .update(schema.loginThrottle)
      .set({ blockedUntil: sql`now() - interval '1 second'` });
    expect((await login(visitor, 'grace@example.com', 'wrong password')).statusCode).toBe(401);
    const [doubled] = await harness.database.db
      .select({
        seconds: sql<number>`round(extract(epoch from ${schema.loginThrottle.blockedUntil} - now()))::int`,
      })
      .from(schema.loginThrottle)
      .where(sql`${schema.loginThrottle.key} like 'site-user:%grace@example.com'`);
    expect(doubled?.seconds).toBeGreaterThanOrEqual(9);
    expect(doubled?.seconds).toBeLessThanOrEqual(10);
    // Once the block has passed the right password works and clears the account's count.
    await harness.database.db
      .update(schema.loginThrottle)
      .set({ blockedUntil: sql`now() - interval '1 second'` });
    expect((await login(visitor, 'grace@example.com')).statusCode).toBe(200);
    const left = await harness.database.db
      .select()
      .from(schema.loginThrottle)
      .where(sql`${schema.loginThrottle.key} like 'site-user:%'`);
    expect(left).toEqual([]);
    await harness.database.db.delete(schema.loginThrottle);
  });

  it('throttles an IP after 20 failures across any accounts', async () => {
    const visitor = await newVisitor(harness.app);
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect(
        (await login(visitor, `guess${attempt}@example.com`, 'wrong password')).statusCode,
      ).toBe(401);
    }
    expect((await login(visitor, 'ada@example.com')).statusCode).toBe(429);
    const [ip] = await harness.database.db
      .select()
      .from(schema.loginThrottle)
      .where(eq(schema.loginThrottle.key, 'ip:127.0.0.1'));
    expect(ip?.failures).toBe(20);
    await harness.database.db.delete(schema.loginThrottle);
  });

  it("sweeps the user's expired logins when they log in", async () => {
    const [user] = await harness.database.db
      .select()
      .from(schema.siteUsers)
      .where(eq(schema.siteUsers.emailKey, 'ada@example.com'));
    await harness.database.db.insert(schema.siteUserSessions).values({
      id: 'expired-login',
      siteUserId: user?.id ?? '',
      tokenHash: 'expired-hash',
      visitorSessionHash: 'x',
      rememberMe: false,
      createdAt: sql`now() - interval '2 days'`,
      expiresAt: sql`now() - interval '1 day'`,
    });
    expect((await login(await newVisitor(harness.app), 'ada@example.com')).statusCode).toBe(200);
    expect(
      await harness.database.db.$count(
        schema.siteUserSessions,
        eq(schema.siteUserSessions.id, 'expired-login'),
      ),
    ).toBe(0);
  });

  it('treats an expired login as none and clears its cookies', async () => {
    const visitor = await newVisitor(harness.app);
    const { xsrfToken } = (await login(visitor, 'ada@example.com')).json<{ xsrfToken: string }>();
    await harness.database.db.update(schema.siteUserSessions).set({
      createdAt: sql`now() - interval '2 days'`,
      expiresAt: sql`now() - interval '1 second'`,
    });
    const response = await visitor.inject({ url: '/api/commerce/shopping-cart' });
    expect(response.statusCode).toBe(200);
    expect(visitor.cookies.has('vitrine-user')).toBe(false);
    expect(visitor.cookies.has('vitrine-user-session')).toBe(false);
    const write = await visitor.inject({
      method: 'POST',
      url: '/api/vitrine/site-users/password-reset',
      payload: { email: 'x@example.com' },
      headers: { 'x-csrf-token': xsrfToken },
    });
    expect(write.statusCode).toBe(403);
  });

  it('upgrades a hash made with weaker scrypt parameters on login', async () => {
    const [before] = await harness.database.db
      .select()
      .from(schema.siteUsers)
      .where(eq(schema.siteUsers.emailKey, 'ada@example.com'));
    const visitor = await newVisitor(harness.app);
    expect((await login(visitor, 'ada@example.com')).statusCode).toBe(200);
    const [after] = await harness.database.db
      .select()
      .from(schema.siteUsers)
      .where(eq(schema.siteUsers.emailKey, 'ada@example.com'));
    expect(after?.scryptN).toBe(2 ** 15);
    expect(before?.email).toBe('Ada@Example.com');
  });
});
