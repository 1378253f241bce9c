import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerCsrf } from './csrf.ts';
import { registerErrorHandling } from './error-handler.ts';
import {
  CRUMB_COOKIE,
  hmacToken,
  isSessionless,
  registerSessions,
  SESSION_COOKIE,
} from './session.ts';

const SECRET = 'a-test-secret-of-at-least-thirty-two-chars';
const SESSION_ID = 'A'.repeat(43);
const CRUMB = hmacToken(SECRET, 'crumb', SESSION_ID);

async function app() {
  const instance = Fastify();
  registerErrorHandling(instance);
  await instance.register(cookie);
  await instance.register(formbody);
  registerSessions(instance, SECRET);
  registerCsrf(instance);
  instance.get('/page', (request) => ({ crumb: request.session.crumb }));
  instance.post('/api/change', () => ({ changed: true }));
  instance.post('/api/beacon', { config: { csrf: false } }, () => ({ accepted: true }));
  return instance;
}

describe('sessions', () => {
  it('issues an HttpOnly session cookie and a readable crumb bound to it', async () => {
    const response = await (await app()).inject('/page');
    const cookies = Object.fromEntries(response.cookies.map((c) => [c.name, c]));
    const session = cookies[SESSION_COOKIE];
    const crumb = cookies[CRUMB_COOKIE];
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
    expect(crumb?.httpOnly).toBeUndefined();
    expect(crumb?.value).toBe(hmacToken(SECRET, 'crumb', session?.value ?? ''));
  });

  it('keeps an existing session and sets no cookie again', async () => {
    const response = await (
      await app()
    ).inject({
      url: '/page',
      cookies: { [SESSION_COOKIE]: SESSION_ID, [CRUMB_COOKIE]: CRUMB },
    });
    expect(response.json()).toEqual({ crumb: CRUMB });
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});

describe('sessionless paths', () => {
  it('issues no cookies to probes, static files and telemetry beacons', () => {
    for (const url of [
      '/healthz',
      '/readyz',
      '/assets/loader.js',
      '/theme/site.css',
      '/api/census/RecordHit',
      '/api/1/performance/records',
      '/api/events/RecordJavascriptErrors',
      '/api/v1/clanker/events',
    ]) {
      expect(isSessionless(url), url).toBe(true);
    }
    expect(isSessionless('/api/commerce/shopping-cart')).toBe(false);
    expect(isSessionless('/shop')).toBe(false);
  });
});

describe('CSRF', () => {
  const post = async (options: {
    cookies?: Record<string, string>;
    headers?: Record<string, string>;
    form?: string;
  }) =>
    (await app()).inject({
      method: 'POST',
      url: '/api/change',
      cookies: options.cookies ?? {},
      headers: {
        ...(options.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...options.headers,
      },
      ...(options.form ? { payload: options.form } : {}),
    });
  const withSession = { [SESSION_COOKIE]: SESSION_ID };

  it('accepts the crumb in the X-CSRF-Token header', async () => {
    const response = await post({ cookies: withSession, headers: { 'x-csrf-token': CRUMB } });
    expect(response.statusCode).toBe(200);
  });

  it('accepts the crumb as a hidden field of a plain form post', async () => {
    const response = await post({ cookies: withSession, form: `crumb=${CRUMB}&quantity=1` });
    expect(response.statusCode).toBe(200);
  });

  it("refuses a missing or foreign token with the spec's session message", async () => {
    const attempts: Record<string, string>[] = [
      {},
      { 'x-csrf-token': hmacToken(SECRET, 'crumb', 'B'.repeat(43)) },
    ];
    for (const headers of attempts) {
      const response = await post({ cookies: withSession, headers });
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toEqual({
        code: 'SESSION_EXPIRED',
        message: 'Your session has expired. Please reload the page and try again.',
      });
    }
  });

  it('tells a visitor without cookies to enable them', async () => {
    const response = await post({ headers: { 'x-csrf-token': CRUMB } });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(
      'Please enable cookies in your browser, reload the page, and try again.',
    );
  });

  it('lets telemetry beacons through without a token', async () => {
    const response = await (await app()).inject({ method: 'POST', url: '/api/beacon' });
    expect(response.statusCode).toBe(200);
  });
});
