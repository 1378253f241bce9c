import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { newVisitor, type Visitor } from '../../../../test/helpers/session.ts';
import { accountCounts, insertSiteUser, login } from '../../../../test/helpers/site-users.ts';
import { schema } from '../../db/index.ts';

const PATH = '/api/site-users/account/session';
let harness: TestApp;
let userId: string;

beforeAll(async () => {
  harness = await createTestApp();
  userId = await insertSiteUser(harness.database.db, 'lin@example.com');
});
afterAll(() => harness.close());

async function loggedIn(): Promise<{ visitor: Visitor; xsrfToken: string }> {
  const visitor = await newVisitor(harness.app);
  const response = await login(visitor, 'lin@example.com');
  expect(response.statusCode).toBe(200);
  return { visitor, xsrfToken: response.json<{ xsrfToken: string }>().xsrfToken };
}

function addNotebook(visitor: Visitor, token: string, quantity = 2) {
  return visitor.inject({
    method: 'POST',
    url: '/api/commerce/shopping-cart/entries',
    payload: { itemId: 'field-notebook', sku: 'FN-DOT-48', quantity },
    headers: { 'x-csrf-token': token },
  });
}

async function cartOf(visitor: Visitor) {
  const response = await visitor.inject({ url: '/api/commerce/shopping-cart' });
  return response.json<{ totalQuantity: number; id: string }>();
}

describe('DELETE /api/site-users/account/session', () => {
  it('answers 403 { crumbFail: true } when the token does not match, keeps the login, and the one retry succeeds', async () => {
    const { visitor, xsrfToken } = await loggedIn();
    const before = await accountCounts(harness.database.db);
    const failed = await visitor.inject({
      method: 'DELETE',
      url: PATH,
      headers: { 'x-csrf-token': 'not-the-token' },
    });
    expect(failed.statusCode).toBe(403);
    expect(failed.json()).toEqual({
      crumbFail: true,
      error: {
        code: 'SESSION_EXPIRED',
        message: 'Your session has expired. Please reload the page and try again.',
      },
    });
    expect(await accountCounts(harness.database.db)).toEqual(before);
    const retried = await visitor.inject({
      method: 'DELETE',
      url: PATH,
      headers: { 'x-csrf-token': xsrfToken },
    });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({});
    const sessions = await harness.database.db
      .select()
      .from(schema.siteUserSessions)
      .where(eq(schema.siteUserSessions.siteUserId, userId));
    expect(sessions).toEqual([]);
    expect(visitor.cookies.has('vitrine-user')).toBe(false);
    expect(visitor.cookies.has('vitrine-user-session')).toBe(false);
  });

  it('answers crumbFail with no token and to a browser whose session is new; the retry with the re-sent crumb succeeds', async () => {
    const noToken = await (
      await newVisitor(harness.app)
    ).inject({ method: 'DELETE', url: PATH, csrf: false });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json()).toMatchObject({ crumbFail: true });
    const first = await harness.app.inject({ method: 'DELETE', url: PATH });
    expect(first.json()).toMatchObject({ crumbFail: true });
    const cookies = Object.fromEntries(
      (first.cookies as { name: string; value: string }[]).map((c) => [c.name, c.value]),
    );
    const retry = await harness.app.inject({
      method: 'DELETE',
      url: PATH,
      cookies,
      headers: { 'x-csrf-token': cookies.crumb ?? '' },
    });
    expect(retry.statusCode).toBe(200);
  });

  it('rotates the visitor session on logout: the xsrfToken of the login is dead afterwards', async () => {
    const { visitor, xsrfToken } = await loggedIn();
    const sessionBefore = visitor.cookies.get('vitrine-session');
    await visitor.inject({ method: 'DELETE', url: PATH, headers: { 'x-csrf-token': xsrfToken } });
    expect(visitor.cookies.get('vitrine-session')).not.toBe(sessionBefore);
    const after = await addNotebook(visitor, xsrfToken);
    expect(after.statusCode).toBe(403);
  });

  it('cloneCart=true: the visitor keeps a copy of the cart, the user keeps theirs for the next login', async () => {
    const { visitor, xsrfToken } = await loggedIn();
    expect((await addNotebook(visitor, xsrfToken)).statusCode).toBe(200);
    const userCart = await cartOf(visitor);
    const response = await visitor.inject({
      method: 'DELETE',
      url: `${PATH}?cloneCart=true`,
      headers: { 'x-csrf-token': xsrfToken },
    });
    expect(response.statusCode).toBe(200);
    const visitorCart = await cartOf(visitor);
    expect(visitorCart.totalQuantity).toBe(2);
    expect(visitorCart.id).not.toBe(userCart.id);
    const [copy] = await harness.database.db
      .select()
      .from(schema.carts)
      .where(eq(schema.carts.id, visitorCart.id));
    expect(copy?.siteUserId).toBeNull();
    const [own] = await harness.database.db
      .select()
      .from(schema.carts)
      .where(eq(schema.carts.id, userCart.id));
    expect(own?.siteUserId).toBe(userId);
    await harness.database.db.delete(schema.carts);
  });

  it('cloneCart=false (and by default): the visitor is left without a cart; the user finds it at the next login', async () => {
    for (const url of [`${PATH}?cloneCart=false`, PATH]) {
      const { visitor, xsrfToken } = await loggedIn();
      expect((await addNotebook(visitor, xsrfToken, 1)).statusCode).toBe(200);
      const userCart = await cartOf(visitor);
      const response = await visitor.inject({
        method: 'DELETE',
        url,
        headers: { 'x-csrf-token': xsrfToken },
      });
      expect(response.statusCode).toBe(200);
      expect(visitor.cookies.has('vitrine-cart-token')).toBe(false);
      expect(visitor.cookies.has('vitrine-cart')).toBe(false);
      expect((await cartOf(visitor)).totalQuantity).toBe(0);
      expect((await login(visitor, 'lin@example.com')).statusCode).toBe(200);
      expect((await cartOf(visitor)).id).toBe(userCart.id);
      await harness.database.db.delete(schema.carts);
    }
  });

  it('refuses a cloneCart that is not true or false with 400, logged in still', async () => {
    const { visitor, xsrfToken } = await loggedIn();
    const before = await accountCounts(harness.database.db);
    const response = await visitor.inject({
      method: 'DELETE',
      url: `${PATH}?cloneCart=yes`,
      headers: { 'x-csrf-token': xsrfToken },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', fields: { cloneCart: expect.any(String) } },
    });
    expect(await accountCounts(harness.database.db)).toEqual(before);
    expect(visitor.cookies.get('vitrine-user')).toBe('1');
  });

  it('succeeds when nobody is logged in', async () => {
    const visitor = await newVisitor(harness.app);
    const response = await visitor.inject({ method: 'DELETE', url: PATH });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
  });
});
