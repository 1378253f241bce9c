// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formOf, NO_PAYLOAD_WARNING, sendTracking } from './transport.ts';
import { installFetch } from './testing/fakes.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('tracking requests (docs/behaviour/analytics.md#census-calls)', () => {
  it('posts form fields, kept alive, with a 2500 ms time-out; 200 and 202 succeed', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    const { posts, fetch } = installFetch(202);
    await expect(
      sendTracking('/api/census/overlay', formOf({ a: 1, b: undefined, c: null })),
    ).resolves.toBe(true);
    expect(posts).toEqual([{ url: '/api/census/overlay', fields: { a: '1' } }]);
    expect(fetch.mock.calls[0]?.[1]).toMatchObject({ method: 'POST', keepalive: true });
    expect(timeout).toHaveBeenCalledWith(2500);
    installFetch(200);
    await expect(sendTracking('/x', formOf({ a: 1 }))).resolves.toBe(true);
  });

  it("warns 'Error tracking event: HTTP Status {code}' on any other answer", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    installFetch(400);
    await expect(sendTracking('/x', formOf({ a: 1 }))).resolves.toBe(false);
    expect(warn).toHaveBeenCalledWith('Error tracking event: HTTP Status 400');
  });

  it("warns 'no payload' and sends nothing without fields", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { fetch } = installFetch();
    await expect(sendTracking('/x', formOf({}))).resolves.toBe(false);
    expect(warn).toHaveBeenCalledWith(NO_PAYLOAD_WARNING);
    expect(NO_PAYLOAD_WARNING).toBe('no payload');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('swallows a failed request', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    await expect(sendTracking('/x', formOf({ a: 1 }))).resolves.toBe(false);
  });
});
