// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { retryWaitMs, waitWhileShown } from './telemetry-retry.ts';

const answer = (status: number, retryAfter?: string) =>
  new Response(null, {
    status,
    headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter },
  });

/** Makes document.visibilityState read `state`, and says so to listeners. */
function setVisibility(state: DocumentVisibilityState): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  vi.useRealTimers();
  setVisibility('visible');
});

describe('retryWaitMs (docs/behaviour/telemetry.md#backpressure)', () => {
  it('waits the seconds of a 503’s Retry-After, at most 30', () => {
    expect(retryWaitMs(answer(503, '4'))).toBe(4_000);
    expect(retryWaitMs(answer(503, ' 1 '))).toBe(1_000);
    expect(retryWaitMs(answer(503, '60'))).toBe(30_000);
  });

  it('retries nothing else: no header, a date, or another status', () => {
    expect(retryWaitMs(answer(503))).toBeUndefined();
    expect(retryWaitMs(answer(503, 'Wed, 21 Oct 2026 07:28:00 GMT'))).toBeUndefined();
    expect(retryWaitMs(answer(503, '-1'))).toBeUndefined();
    for (const status of [202, 400, 429, 500, 502, 504])
      expect(retryWaitMs(answer(status, '5')), String(status)).toBeUndefined();
  });
});

describe('waitWhileShown', () => {
  it('resolves true once the time has passed on a shown page', async () => {
    vi.useFakeTimers();
    const waited = vi.fn();
    void waitWhileShown(2_000).then(waited);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(waited).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(waited).toHaveBeenCalledWith(true);
  });

  it('resolves false at once when the page is hidden or left meanwhile, or already hidden', async () => {
    vi.useFakeTimers();
    const hidden = waitWhileShown(2_000);
    setVisibility('hidden');
    await expect(hidden).resolves.toBe(false);
    await expect(waitWhileShown(2_000)).resolves.toBe(false);
    setVisibility('visible');
    const left = waitWhileShown(2_000);
    dispatchEvent(new Event('pagehide'));
    await expect(left).resolves.toBe(false);
  });
});
