import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Mailer, SendResult } from './mailer.ts';
import { OUTBOX_RELAY, startOutboxRelay } from './relay.ts';

function fakeMailer(sendWaiting: Mailer['sendWaiting']): Mailer {
  return {
    enqueue: () => Promise.resolve({ status: 'duplicate' }),
    send: () => Promise.resolve({ status: 'sent' }),
    deliverLater: () => Promise.resolve({ status: 'duplicate' }),
    idle: () => Promise.resolve(),
    sendWaiting,
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('outbox relay', () => {
  it('sends waiting mail every 30 s, in batches of 50, up to 5 attempts each', async () => {
    vi.useFakeTimers();
    const sendWaiting = vi.fn((_options: { limit: number; maxAttempts: number }) =>
      Promise.resolve<SendResult[]>([]),
    );
    const relay = startOutboxRelay(fakeMailer(sendWaiting));
    expect(OUTBOX_RELAY).toEqual({ intervalMs: 30_000, batch: 50, maxAttempts: 5 });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(sendWaiting).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(sendWaiting).toHaveBeenCalledWith({ limit: 50, maxAttempts: 5 });
    await relay.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sendWaiting).toHaveBeenCalledTimes(1);
  });

  it('never runs two passes at once', async () => {
    vi.useFakeTimers();
    let finish: () => void = () => undefined;
    const sendWaiting = vi.fn(
      () =>
        new Promise<SendResult[]>((resolve) => {
          finish = () => resolve([]);
        }),
    );
    const relay = startOutboxRelay(fakeMailer(sendWaiting), {
      intervalMs: 10,
      batch: 1,
      maxAttempts: 1,
    });
    await vi.advanceTimersByTimeAsync(50);
    expect(sendWaiting).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(10);
    expect(sendWaiting).toHaveBeenCalledTimes(2);
    finish();
    await relay.stop();
  });
});
