// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeXsrfToken } from '../../clients/session-token.ts';
import { postJson } from './post-json.ts';

afterEach(() => vi.unstubAllGlobals());

describe('postJson', () => {
  it('posts JSON with the crumb header and reads the JSON answer', async () => {
    document.cookie = 'crumb=c-1';
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValue(new Response('{"ok":true}', { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(postJson('/api/x', { a: 1 })).resolves.toEqual({
      ok: true,
      status: 201,
      body: { ok: true },
    });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    expect(init?.headers).toMatchObject({
      'content-type': 'application/json',
      'x-csrf-token': 'c-1',
    });
  });

  it("sends a logged-in site user's xsrfToken instead of the crumb", async () => {
    document.cookie = 'crumb=c-1';
    document.cookie = 'vitrine-user=1';
    storeXsrfToken('xsrf-9');
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response('{}'));
    vi.stubGlobal('fetch', fetchMock);
    await postJson('/api/x', {});
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({ 'x-csrf-token': 'xsrf-9' });
    storeXsrfToken(null);
    document.cookie = 'vitrine-user=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('never throws: a body that is not JSON keeps the status, a network failure is status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('<html>', { status: 502 })));
    await expect(postJson('/api/x', {})).resolves.toEqual({ ok: false, status: 502, body: null });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    await expect(postJson('/api/x', {})).resolves.toEqual({ ok: false, status: 0, body: null });
  });
});
