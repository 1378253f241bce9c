import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { captureLog } from '../../../../test/helpers/captured-log.ts';
import { newVisitor, type Visitor } from '../../../../test/helpers/session.ts';
import { accountCounts, insertSiteUser, PASSWORD } from '../../../../test/helpers/site-users.ts';
import { schema } from '../../db/index.ts';
import { PASSWORD_CHANGED_NOTICE, RESET_LINK_SENT_NOTICE } from './account-pages.ts';

let harness: TestApp;
const log = captureLog();

beforeAll(async () => {
  harness = await createTestApp({
    env: { PUBLIC_URL: 'https://shop.example', LOG_LEVEL: 'warn' },
    logStream: log.stream,
  });
  await insertSiteUser(harness.database.db, 'member@example.com');
});
afterAll(() => harness.close());

/** A visitor as a browser without JavaScript: forms posted urlencoded with their crumb field. */
async function browser(): Promise<
  Visitor & { post(url: string, fields: Record<string, string>): Promise<LightMyRequestResponse> }
> {
  const visitor = await newVisitor(harness.app, '/account/login');
  return Object.assign(visitor, {
    post: (url: string, fields: Record<string, string>) =>
      visitor.inject({
        method: 'POST',
        url,
        csrf: false,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ crumb: visitor.crumb, ...fields }).toString(),
      }),
  });
}

describe('log in page', () => {
  it('shows a labelled form with the crumb, never cached', async () => {
    const response = await harness.app.inject({ url: '/account/login?returnTo=/shop' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const html = response.body;
    expect(html).toContain('<h1>Log in</h1>');
    expect(html).toMatch(/<label for="account-email">Email<\/label>/);
    expect(html).toMatch(/<label for="account-password">Password<\/label>/);
    expect(html).toMatch(
      /type="password" id="account-password"[^>]*autocomplete="current-password"/,
    );
    expect(html).toMatch(/<input type="hidden" name="crumb" value="[^"]+">/);
    expect(html).toContain('<input type="hidden" name="returnTo" value="/shop">');
    expect(html).toContain('href="/account/forgot-password"');
  });

  it('logs in without JavaScript and returns to the page asked for', async () => {
    const visitor = await browser();
    const response = await visitor.post('/account/login', {
      email: 'member@example.com',
      password: PASSWORD,
      returnTo: '/shop',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/shop');
    expect(visitor.cookies.get('vitrine-user')).toBe('1');
    const account = await visitor.inject({ url: '/account' });
    expect(account.statusCode).toBe(200);
    expect(account.body).toContain('Logged in as <strong>member@example.com</strong>.');
  });

  it.each(['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)'])(
    'never redirects off the site (returnTo=%s)',
    async (returnTo) => {
      const visitor = await browser();
      const response = await visitor.post('/account/login', {
        email: 'member@example.com',
        password: PASSWORD,
        returnTo,
      });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/account');
    },
  );

  it('re-renders a wrong password with 401, the message and the email kept, never the password', async () => {
    const visitor = await browser();
    const response = await visitor.post('/account/login', {
      email: 'member@example.com',
      password: 'not the password',
    });
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain('role="alert">The email or password is incorrect.</p>');
    expect(response.body).toContain('value="member@example.com"');
    expect(response.body).not.toContain('not the password');
    expect(visitor.cookies.has('vitrine-user')).toBe(false);
  });

  it('names the bad field of a malformed submission', async () => {
    const visitor = await browser();
    const response = await visitor.post('/account/login', { email: 'nope', password: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Email is not a valid email address');
    expect(response.body).toContain('aria-invalid="true"');
  });

  it('refuses a post without the crumb and logs nobody in', async () => {
    const visitor = await browser();
    const response = await visitor.inject({
      method: 'POST',
      url: '/account/login',
      csrf: false,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email: 'member@example.com', password: PASSWORD }).toString(),
    });
    expect(response.statusCode).toBe(403);
    expect(visitor.cookies.has('vitrine-user')).toBe(false);
  });
});

describe('account page and log out', () => {
  it('sends an anonymous visitor to log in first', async () => {
    const response = await harness.app.inject({ url: '/account' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/account/login?returnTo=/account');
  });

  it('logs out through the form post', async () => {
    const visitor = await browser();
    await visitor.post('/account/login', { email: 'member@example.com', password: PASSWORD });
    const page = await visitor.inject({ url: '/account' });
    const crumb = /name="crumb" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const response = await visitor.inject({
      method: 'POST',
      url: '/account/logout',
      csrf: false,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ crumb }).toString(),
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/');
    expect(visitor.cookies.has('vitrine-user')).toBe(false);
    expect((await visitor.inject({ url: '/account' })).statusCode).toBe(303);
  });
});

describe('create account page', () => {
  it('creates the account and logs it in', async () => {
    const visitor = await browser();
    const response = await visitor.post('/account/create', {
      email: 'newcomer@example.com',
      password: 'a long enough password',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/account');
    expect(visitor.cookies.get('vitrine-user')).toBe('1');
  });

  it('keeps the email and explains a short password; nothing is created', async () => {
    const before = await accountCounts(harness.database.db);
    const visitor = await browser();
    const response = await visitor.post('/account/create', {
      email: 'short@example.com',
      password: 'short',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Password must be at least 8 characters');
    expect(response.body).toContain('value="short@example.com"');
    expect(await accountCounts(harness.database.db)).toEqual(before);
  });

  it('answers a taken address with 409 and the catalog message', async () => {
    const visitor = await browser();
    const response = await visitor.post('/account/create', {
      email: 'MEMBER@example.com',
      password: 'a long enough password',
    });
    expect(response.statusCode).toBe(409);
    expect(response.body).toContain(
      'An account with this email already exists. Log in or reset your password.',
    );
  });
});

describe('refused posts answer once', () => {
  // Fastify logs 'Reply was already sent, did you forget to "return reply"' (a warning with a
  // stack) when a handler sends twice; a refused form must be answered by its re-rendered page only.
  it.each([
    ['/account/login', { email: 'member@example.com', password: 'wrong password' }, 401],
    ['/account/login', { email: 'not an email', password: 'x' }, 400],
    ['/account/create', { email: 'member@example.com', password: 'a long enough password' }, 409],
    ['/account/create', { email: 'short@example.com', password: 'short' }, 400],
    ['/account/forgot-password', { email: 'not an email' }, 400],
    ['/account/reset-password', { token: 'unknown', password: 'a long enough password' }, 400],
  ])('POST %s refused with %j logs no warning', async (url, fields, status) => {
    const visitor = await browser();
    const before = log.warnings().length;
    const response = await visitor.post(url, fields);
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    // The second send comes after the response has finished: a next request and a turn of the
    // event loop let the refused post's handler run to its end first.
    await visitor.inject({ url: '/account/login' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(log.warnings().slice(before)).toEqual([]);
  });
});

describe('forgot and reset password pages', () => {
  async function lastResetLink(): Promise<string> {
    const [mail] = await harness.database.db
      .select({ text: schema.outbox.textBody })
      .from(schema.outbox)
      .orderBy(sql`${schema.outbox.createdAt} desc`)
      .limit(1);
    const link = /https:\/\/shop\.example(\/account\/reset-password\?token=[A-Za-z0-9_-]{43})/.exec(
      mail?.text ?? '',
    );
    if (!link?.[1]) throw new Error('no reset link was mailed');
    return link[1];
  }

  it('gives the same answer for an unknown address and mails nothing', async () => {
    const before = await harness.database.db.$count(schema.outbox);
    const visitor = await browser();
    const response = await visitor.post('/account/forgot-password', {
      email: 'nobody@example.com',
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(RESET_LINK_SENT_NOTICE);
    expect(await harness.database.db.$count(schema.outbox)).toBe(before);
  });

  it('mails a link whose page sets a new password once', async () => {
    const visitor = await browser();
    const asked = await visitor.post('/account/forgot-password', { email: 'member@example.com' });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain(RESET_LINK_SENT_NOTICE);
    expect(RESET_LINK_SENT_NOTICE).toContain('60 minutes');

    const link = await lastResetLink();
    const page = await visitor.inject({ url: link });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<label for="account-password">New password</label>');
    const token = new URL(link, 'https://shop.example').searchParams.get('token') ?? '';
    expect(page.body).toContain(`<input type="hidden" name="token" value="${token}">`);

    const changed = await visitor.post('/account/reset-password', {
      token,
      password: 'a fresh password',
    });
    expect(changed.statusCode).toBe(303);
    expect(changed.headers.location).toBe('/account/login?reset=done');
    const login = await visitor.inject({ url: '/account/login?reset=done' });
    expect(login.body).toContain(PASSWORD_CHANGED_NOTICE);

    const again = await visitor.post('/account/reset-password', {
      token,
      password: 'yet another password',
    });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('This password reset link is invalid, expired or already used.');

    const loggedIn = await visitor.post('/account/login', {
      email: 'member@example.com',
      password: 'a fresh password',
    });
    expect(loggedIn.statusCode).toBe(303);
  });
});
