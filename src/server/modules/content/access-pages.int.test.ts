import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';
import { contentFixture, PAGE_PASSWORD } from '../../../../test/helpers/content-fixture.ts';
import { newVisitor, type Visitor } from '../../../../test/helpers/session.ts';
import { insertSiteUser, login } from '../../../../test/helpers/site-users.ts';
import { schema } from '../../db/index.ts';
import { importSite } from '../site-import/index.ts';
import {
  UNLOCK_THROTTLE,
  UNLOCK_THROTTLED_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
} from './access-routes.ts';

function unlock(visitor: Visitor, path: string, password: string, crumb = visitor.crumb) {
  return visitor.inject({
    method: 'POST',
    url: '/protected/unlock',
    csrf: false,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ crumb, path, password }).toString(),
  });
}

describe('password-protected pages and collections', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp({ importDemo: false });
    await importSite(test.database, await contentFixture());
  });
  afterAll(() => test.close());

  it('answers 401 with the lock screen: a plain form with the crumb, the path and a password field', async () => {
    const visitor = await newVisitor(test.app, '/');
    const response = await visitor.inject({ url: '/secret' });
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain('data-page-type="105"');
    expect(response.body).toContain(
      '<form class="lock-form" method="post" action="/protected/unlock">',
    );
    expect(response.body).toContain(`name="crumb" value="${visitor.crumb}"`);
    expect(response.body).toContain('name="path" value="/secret"');
    expect(response.body).toContain('type="password" name="password"');
    expect(response.body).not.toContain('Hidden words');
  });

  it('refuses a wrong password with 401 and a clear message, and stays locked', async () => {
    const visitor = await newVisitor(test.app, '/');
    const response = await unlock(visitor, '/secret', 'wrong');
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain(WRONG_PASSWORD_MESSAGE);
    expect(response.body).toContain('aria-invalid="true"');
    expect((await visitor.inject({ url: '/secret' })).statusCode).toBe(401);
  });

  it('unlocks the page for this visitor session only', async () => {
    const visitor = await newVisitor(test.app, '/');
    const response = await unlock(visitor, '/secret', PAGE_PASSWORD);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/secret');
    const page = await visitor.inject({ url: '/secret' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Hidden words');
    // Another browser, or the same link without the session, still sees the lock.
    const stranger = await newVisitor(test.app, '/');
    expect((await stranger.inject({ url: '/secret' })).statusCode).toBe(401);
    expect((await test.app.inject({ url: '/secret' })).statusCode).toBe(401);
    // The session's unlock is stored as a hash of the session id, never the id itself.
    const rows = await test.database.db.select().from(schema.contentUnlocks);
    const sessionId = visitor.cookies.get('vitrine-session') ?? '';
    expect(rows.some((row) => row.sessionHash === sessionId)).toBe(false);
  });

  it('unlocks a collection with everything in it: its page, posts, events and their calendar files', async () => {
    const visitor = await newVisitor(test.app, '/');
    for (const url of ['/vault', '/vault/post', '/vault/event'])
      expect((await visitor.inject({ url })).statusCode, url).toBe(401);
    expect((await visitor.inject({ url: '/calendar/vault-event/event.ics' })).statusCode).toBe(404);
    expect((await unlock(visitor, '/vault/post', PAGE_PASSWORD)).statusCode).toBe(303);
    for (const url of ['/vault', '/vault/post', '/vault/event'])
      expect((await visitor.inject({ url })).statusCode, url).toBe(200);
    const ics = await visitor.inject({ url: '/calendar/vault-event/event.ics' });
    expect(ics.statusCode).toBe(200);
    expect(ics.body).toContain('DTSTART;VALUE=DATE:20260801');
  });

  it('locks a product of a protected collection too', async () => {
    const visitor = await newVisitor(test.app, '/');
    expect((await visitor.inject({ url: '/hidden-shop/p/locked-product' })).statusCode).toBe(401);
    expect((await unlock(visitor, '/hidden-shop', PAGE_PASSWORD)).statusCode).toBe(303);
    expect((await visitor.inject({ url: '/hidden-shop/p/locked-product' })).statusCode).toBe(200);
  });

  it('locks everyone out again when the password changes', async () => {
    const visitor = await newVisitor(test.app, '/');
    expect((await unlock(visitor, '/secret', PAGE_PASSWORD)).statusCode).toBe(303);
    const file = await contentFixture();
    const secret = file.pages?.find((page) => page.id === 'secret');
    if (!secret) throw new Error('the fixture has the secret page');
    delete secret.passwordHash;
    secret.password = 'a new password';
    await importSite(test.database, file);
    expect((await visitor.inject({ url: '/secret' })).statusCode).toBe(401);
    await importSite(test.database, await contentFixture());
  });

  it('refuses a post without the crumb and unlocks nothing', async () => {
    const visitor = await newVisitor(test.app, '/');
    const response = await unlock(visitor, '/secret', PAGE_PASSWORD, 'forged');
    expect(response.statusCode).toBe(403);
    expect((await visitor.inject({ url: '/secret' })).statusCode).toBe(401);
  });

  it('sends a post for an open or unknown path back without unlocking anything', async () => {
    const visitor = await newVisitor(test.app, '/');
    const before = await test.database.db.$count(schema.contentUnlocks);
    const open = await unlock(visitor, '/blog', 'x');
    expect(open.statusCode).toBe(303);
    expect(open.headers.location).toBe('/blog');
    const elsewhere = await unlock(visitor, '//evil.example/x', 'x');
    expect(elsewhere.headers.location).toBe('/');
    expect(await test.database.db.$count(schema.contentUnlocks)).toBe(before);
  });

  it(`throttles wrong passwords: after ${UNLOCK_THROTTLE.freeFailures} tries even the right one waits (429)`, async () => {
    const visitor = await newVisitor(test.app, '/');
    for (let i = 0; i < UNLOCK_THROTTLE.freeFailures; i += 1)
      expect((await unlock(visitor, '/vault', `wrong ${i}`)).statusCode).toBe(401);
    const blocked = await unlock(visitor, '/vault', PAGE_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body).toContain(UNLOCK_THROTTLED_MESSAGE);
    expect((await visitor.inject({ url: '/vault' })).statusCode).toBe(401);
    // The block is per protected record: the page next door still takes its password.
    expect((await unlock(visitor, '/secret', PAGE_PASSWORD)).statusCode).toBe(303);
  });
});

describe('members-only pages and collections', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp({ importDemo: false });
    await importSite(test.database, await contentFixture());
    await insertSiteUser(test.database.db, 'member@example.com');
  });
  afterAll(() => test.close());

  it('answers 403 with the member-area page and a login link back to the page', async () => {
    for (const url of ['/lounge', '/club', '/club/post']) {
      const response = await test.app.inject({ url });
      expect(response.statusCode, url).toBe(403);
      expect(response.body).toContain('data-page-type="106"');
      expect(response.body).toContain('Member area access denied');
      expect(response.body).toContain(`href="/account/login?returnTo=${encodeURIComponent(url)}"`);
    }
  });

  it('opens them to a logged-in site user', async () => {
    const visitor = await newVisitor(test.app, '/');
    expect((await login(visitor, 'member@example.com')).statusCode).toBe(200);
    for (const url of ['/lounge', '/club', '/club/post'])
      expect((await visitor.inject({ url })).statusCode, url).toBe(200);
    expect((await visitor.inject({ url: '/lounge' })).body).toContain('Members talk');
  });
});

describe('a site-wide lock', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp({ importDemo: false });
    const file = await contentFixture();
    file.website.settings = { sitePassword: 'whole site' };
    await importSite(test.database, file);
  });
  afterAll(() => test.close());

  it('stores the site password only as its hash', async () => {
    const [site] = await test.database.db.select().from(schema.sites);
    expect(site?.settings.sitePassword).toBeUndefined();
    expect(site?.settings.sitePasswordHash).toMatch(/^scrypt\$/);
  });

  it('puts the lock screen (401, page type 103) in front of every page', async () => {
    for (const url of [
      '/',
      '/blog',
      '/blog/post-published',
      '/search?q=zephyr',
      '/nowhere',
      '/calendar/event-published/event.ics',
    ]) {
      const response = await test.app.inject({ url });
      expect(response.statusCode, url).toBe(401);
      expect(response.body, url).toContain('data-page-type="103"');
      expect(response.body, url).toContain('Content Test is protected');
      expect(response.body, url).not.toContain('Zephyr');
    }
  });

  it('opens the site to the session with the right password, back to the page it asked for', async () => {
    const visitor = await newVisitor(test.app, '/');
    const wrong = await unlock(visitor, '/search?q=zephyr', 'nope');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('data-page-type="103"');
    expect(wrong.body).toContain(WRONG_PASSWORD_MESSAGE);
    const right = await unlock(visitor, '/search?q=zephyr', 'whole site');
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toBe('/search?q=zephyr');
    expect((await visitor.inject({ url: '/search?q=zephyr' })).statusCode).toBe(200);
    expect((await visitor.inject({ url: '/blog/post-published' })).statusCode).toBe(200);
    // A page's own lock still asks for its own password.
    expect((await visitor.inject({ url: '/secret' })).statusCode).toBe(401);
    expect((await unlock(visitor, '/secret', PAGE_PASSWORD)).statusCode).toBe(303);
    expect((await visitor.inject({ url: '/secret' })).statusCode).toBe(200);
    // Everyone else still sees the site lock.
    expect((await test.app.inject({ url: '/blog' })).statusCode).toBe(401);
  });
});
