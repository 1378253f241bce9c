// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  csrfHeaders,
  storedXsrfToken,
  storeXsrfToken,
  XSRF_STORAGE_KEY,
} from '../../clients/session-token.ts';
import { login, logout, SESSION_PATH } from './session-api.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const headerOf = (call: unknown[] | undefined) =>
  new Headers((call?.[1] as RequestInit | undefined)?.headers).get('x-csrf-token');

beforeEach(() => {
  document.cookie = 'crumb=crumb-1; path=/';
  // The marker cookie the server sets with a login (the fetch here is a stand-in).
  document.cookie = 'vitrine-user=1; path=/';
});
afterEach(() => {
  storeXsrfToken(null);
  document.cookie = 'crumb=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  document.cookie = 'vitrine-user=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('login', () => {
  it('posts email, password and rememberMe with the crumb, and stores the xsrfToken', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(json({ xsrfToken: 'xsrf-1' }));
    const result = await login(
      { email: 'shopper@example.com', password: 'secret', rememberMe: true },
      fetchImpl,
    );
    expect(result).toEqual({ ok: true });
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe(SESSION_PATH);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(init?.body as string)).toEqual({
      email: 'shopper@example.com',
      password: 'secret',
      rememberMe: true,
    });
    expect(headerOf(fetchImpl.mock.calls[0])).toBe('crumb-1');
    expect(storedXsrfToken()).toBe('xsrf-1');
    expect(window.sessionStorage.getItem(XSRF_STORAGE_KEY)).toBe('xsrf-1');
  });

  it('sends the stored xsrfToken as the header on later calls', async () => {
    storeXsrfToken('xsrf-2');
    expect(csrfHeaders()).toEqual({ 'X-CSRF-Token': 'xsrf-2' });
    storeXsrfToken(null);
    expect(csrfHeaders()).toEqual({ 'X-CSRF-Token': 'crumb-1' });
  });

  it("answers the server's message on a refusal, never throws", async () => {
    const refused = vi
      .fn<typeof fetch>()
      .mockResolvedValue(json({ error: { code: 'X', message: 'Wrong email or password.' } }, 401));
    expect(await login({ email: 'a@b.c', password: 'x', rememberMe: false }, refused)).toEqual({
      ok: false,
      message: 'Wrong email or password.',
    });
    const offline = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('offline'));
    expect(await login({ email: 'a@b.c', password: 'x', rememberMe: false }, offline)).toEqual({
      ok: false,
      message: 'Please try again in a few seconds.',
    });
    expect(storedXsrfToken()).toBeNull();
  });
});

describe('logout', () => {
  it('sends the xsrfToken with DELETE ?cloneCart and forgets it', async () => {
    storeXsrfToken('xsrf-3');
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(json({}));
    expect(await logout({ cloneCart: false }, fetchImpl)).toEqual({ ok: true });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(fetchImpl.mock.calls[0]?.[0]).toBe(`${SESSION_PATH}?cloneCart=false`);
    expect(fetchImpl.mock.calls[0]?.[1]?.method).toBe('DELETE');
    expect(headerOf(fetchImpl.mock.calls[0])).toBe('xsrf-3');
    expect(storedXsrfToken()).toBeNull();
  });

  it('retries once with the fresh crumb when the answer reports crumbFail', async () => {
    storeXsrfToken('stale');
    const fetchImpl = vi.fn<typeof fetch>().mockImplementation(async () => {
      if (fetchImpl.mock.calls.length === 1) {
        document.cookie = 'crumb=crumb-2; path=/';
        return json({ crumbFail: true, error: { code: 'SESSION_EXPIRED', message: 'x' } }, 403);
      }
      return json({});
    });
    expect(await logout({ cloneCart: true }, fetchImpl)).toEqual({ ok: true });
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    expect(headerOf(fetchImpl.mock.calls[0])).toBe('stale');
    expect(headerOf(fetchImpl.mock.calls[1])).toBe('crumb-2');
    expect(fetchImpl.mock.calls[1]?.[0]).toBe(`${SESSION_PATH}?cloneCart=true`);
  });

  it('retries only once', async () => {
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockImplementation(async () =>
        json({ crumbFail: true, error: { code: 'SESSION_EXPIRED', message: 'Expired.' } }, 403),
      );
    expect(await logout({ cloneCart: false }, fetchImpl)).toEqual({
      ok: false,
      message: 'Expired.',
    });
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('does not retry other refusals', async () => {
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockResolvedValue(
        json(
          { error: { code: 'RATE_LIMITED', message: 'Please try again in a few seconds.' } },
          429,
        ),
      );
    expect((await logout({ cloneCart: false }, fetchImpl)).ok).toBe(false);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });
});
