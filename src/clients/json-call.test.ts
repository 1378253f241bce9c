import { afterEach, describe, expect, it, vi } from 'vitest';
import { callJson } from './json-call.ts';

afterEach(() => vi.unstubAllGlobals());

describe('callJson', () => {
  it('sends the cookies, asks for JSON and keeps the caller’s method and headers', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValue(new Response('{"id":"e-1"}', { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(
      callJson('/api/x', { method: 'POST', headers: { 'x-csrf-token': 't-1' } }),
    ).resolves.toEqual({ ok: true, status: 201, body: { id: 'e-1' } });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.headers).toEqual({ accept: 'application/json', 'x-csrf-token': 't-1' });
  });

  it('never throws: a body that is not JSON keeps the status, a network failure is status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockResolvedValue(new Response('<html>', { status: 502 })),
    );
    await expect(callJson('/api/x', {})).resolves.toEqual({ ok: false, status: 502, body: null });
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('offline')));
    await expect(callJson('/api/x', {})).resolves.toEqual({ ok: false, status: 0, body: null });
  });
});
