import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTimerLoop } from './timer-loop.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('timer loop', () => {
  it('runs a pass every interval, never two at once, and none after stop', async () => {
    vi.useFakeTimers();
    let finish: () => void = () => undefined;
    const pass = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const loop = startTimerLoop(pass, { intervalMs: 10, onError: () => undefined });
    await vi.advanceTimersByTimeAsync(9);
    expect(pass).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(41);
    expect(pass).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(10);
    expect(pass).toHaveBeenCalledTimes(2);
    const stopping = loop.stop();
    finish();
    await stopping;
    await vi.advanceTimersByTimeAsync(100);
    expect(pass).toHaveBeenCalledTimes(2);
  });

  it('hands a failed pass to onError and keeps going', async () => {
    vi.useFakeTimers();
    const failure = new Error('smtp down');
    const pass = vi.fn(() => Promise.reject(failure));
    const onError = vi.fn();
    const loop = startTimerLoop(pass, { intervalMs: 10, onError });
    await vi.advanceTimersByTimeAsync(20);
    expect(onError).toHaveBeenCalledWith(failure);
    expect(pass).toHaveBeenCalledTimes(2);
    await loop.stop();
  });
});
