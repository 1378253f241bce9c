// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formOf, NO_PAYLOAD_WARNING, sendTracking } from './transport.ts';
import { installFetch } from './testing/fakes.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
});

/** A fetch giving `answers` in turn (the last one again when they run out). */
function answering(...answers: [status: number, retryAfter?: string][]) {
  const fetch = vi.fn((_url: string, _init: RequestInit) => {
    const [status, retryAfter] = (answers.length > 1 ? answers.shift() : answers[0]) ?? [0];
    return Promise.resolve(
      new Response(null, {
        status,
        headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter },
      }),
    );
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

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

describe('a busy server (docs/behaviour/telemetry.md#backpressure)', () => {
  it('sends a 503 with Retry-After once more after those seconds, quietly when it succeeds', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    const fetch = answering([503, '5'], [202]);
    const sent = sendTracking('/api/census/RecordHit', formOf({ a: 1 }));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await expect(sent).resolves.toBe(true);
    expect(fetch.mock.calls[1]?.[0]).toBe('/api/census/RecordHit');
    expect(new URLSearchParams(fetch.mock.calls[1]?.[1].body as URLSearchParams).get('a')).toBe(
      '1',
    );
    // Each attempt has its own 2500 ms time-out.
    expect(timeout).toHaveBeenCalledTimes(2);
    expect(warn).not.toHaveBeenCalled();
  });

  it('waits at most 30 s, retries only once, and warns the status the retry failed with', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetch = answering([503, '60']);
    const sent = sendTracking('/x', formOf({ a: 1 }));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(sent).resolves.toBe(false);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('Error tracking event: HTTP Status 503');
  });

  it.each([
    [503, undefined],
    [429, '5'],
    [500, '5'],
  ] as const)('retries no %i with Retry-After %s', async (status, retryAfter) => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetch = answering([status, retryAfter]);
    await expect(sendTracking('/x', formOf({ a: 1 }))).resolves.toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(`Error tracking event: HTTP Status ${status}`);
  });

  it('gives the retry up when the page is hidden during the wait', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetch = answering([503, '5'], [202]);
    const sent = sendTracking('/x', formOf({ a: 1 }));
    await vi.advanceTimersByTimeAsync(1_000);
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    await expect(sent).resolves.toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
