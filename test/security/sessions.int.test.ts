/**
 * Sessions as an attacker would probe them: which cookies browser code can read (markers with no
 * secret) and which it cannot (HttpOnly secrets), the flags over plain HTTP and over TLS behind a
 * trusted proxy (`__Host-` prefix, Secure), a new session id at login (no fixation), and a logout
 * that ends the login on the server, not just in the browser.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { newVisitor } from '../helpers/session.ts';
import { insertSiteUser, login, PASSWORD } from '../helpers/site-users.ts';

interface SetCookie {
  name: string;
  value: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
  path?: string;
}

const cookiesOf = (response: LightMyRequestResponse) => response.cookies as SetCookie[];
const byName = (response: LightMyRequestResponse) =>
  new Map(cookiesOf(response).map((cookie) => [cookie.name, cookie]));

let harness: TestApp;

beforeAll(async () => {
  harness = await createTestApp({ env: { TRUSTED_PROXIES: '127.0.0.1' } });
  await insertSiteUser(harness.database.db, 'member@example.com');
});
afterAll(() => harness.close());

describe('session cookies', () => {
  it('over HTTP: the session id HttpOnly and SameSite=Lax; the crumb readable, for form and header use', async () => {
    const cookies = byName(await harness.app.inject({ url: '/' }));
    expect(cookies.get('vitrine-session')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
    });
    expect(cookies.get('vitrine-session')?.secure).toBeFalsy();
    expect(cookies.get('crumb')?.httpOnly).toBeFalsy();
    expect(cookies.get('crumb')?.value).not.toBe(cookies.get('vitrine-session')?.value);
  });

  it('over TLS (a trusted proxy says https): __Host- prefixed and Secure', async () => {
    const cookies = byName(
      await harness.app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } }),
    );
    expect(cookies.get('__Host-vitrine-session')).toMatchObject({
      httpOnly: true,
      secure: true,
      sameSite: 'Lax',
      path: '/',
    });
    expect(cookies.has('vitrine-session')).toBe(false);
    expect(cookies.get('crumb')?.secure).toBe(true);
  });

  it('X-Forwarded-Proto from an untrusted address is ignored', async () => {
    const cookies = byName(
      await harness.app.inject({
        url: '/',
        remoteAddress: '203.0.113.9',
        headers: { 'x-forwarded-proto': 'https' },
      }),
    );
    expect(cookies.has('__Host-vitrine-session')).toBe(false);
    expect(cookies.has('vitrine-session')).toBe(true);
  });
});

describe('login and logout', () => {
  it('marker cookies hold no secret; the login and cart secrets are HttpOnly', async () => {
    const visitor = await newVisitor(harness.app, '/shop/p/field-notebook');
    const added = await visitor.inject({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      payload: { itemId: 'field-notebook', quantity: 1 },
    });
    const cart = byName(added);
    expect(cart.get('vitrine-cart')).toMatchObject({ value: '1' });
    expect(cart.get('vitrine-cart')?.httpOnly).toBeFalsy();
    expect(cart.get('vitrine-cart-token')?.httpOnly).toBe(true);

    const loggedIn = byName(await login(visitor, 'member@example.com'));
    expect(loggedIn.get('vitrine-user')).toMatchObject({ value: '1' });
    expect(loggedIn.get('vitrine-user')?.httpOnly).toBeFalsy();
    expect(loggedIn.get('vitrine-user-session')?.httpOnly).toBe(true);
    expect(loggedIn.get('vitrine-user-session')?.value.length).toBeGreaterThanOrEqual(32);
  });

  it('gives the visitor a new session id at login: a planted id is worthless (no fixation)', async () => {
    const visitor = await newVisitor(harness.app);
    const before = visitor.cookies.get('vitrine-session');
    const response = await login(visitor, 'member@example.com', PASSWORD);
    expect(response.statusCode).toBe(200);
    const after = visitor.cookies.get('vitrine-session');
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    // The old id and its crumb no longer carry the login.
    const withOldId = await harness.app.inject({
      url: '/account',
      cookies: {
        'vitrine-session': before ?? '',
        'vitrine-user-session': visitor.cookies.get('vitrine-user-session') ?? '',
      },
    });
    expect(withOldId.statusCode).toBe(303);
  });

  it('logout ends the login on the server: the stolen login cookie no longer works', async () => {
    const visitor = await newVisitor(harness.app);
    await login(visitor, 'member@example.com');
    const stolen = Object.fromEntries(visitor.cookies);
    expect((await harness.app.inject({ url: '/account', cookies: stolen })).statusCode).toBe(200);
    const logout = await visitor.inject({
      method: 'DELETE',
      url: '/api/site-users/account/session',
      headers: { 'x-csrf-token': visitor.cookies.get('crumb') ?? '' },
    });
    expect(logout.statusCode).toBe(200);
    // Replaying every cookie the browser held before logging out: no longer logged in.
    expect((await harness.app.inject({ url: '/account', cookies: stolen })).statusCode).toBe(303);
  });
});
