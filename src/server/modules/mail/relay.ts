/**
 * The outbox relay: with SMTP configured, every `intervalMs` it sends what waits in the outbox
 * — messages other modules queued directly, and ones whose first send failed — up to
 * `maxAttempts` tries each. The timer does not keep the process alive; stop() ends it.
 */
import type { Mailer } from './mailer.ts';

export const OUTBOX_RELAY = { intervalMs: 30_000, batch: 50, maxAttempts: 5 } as const;

export function startOutboxRelay(
  mailer: Mailer,
  options: { intervalMs: number; batch: number; maxAttempts: number } = OUTBOX_RELAY,
): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const timer = setInterval(() => {
    // One pass at a time: a slow SMTP server never stacks passes up.
    if (busy) return;
    busy = true;
    running = mailer
      .sendWaiting({ limit: options.batch, maxAttempts: options.maxAttempts })
      .finally(() => {
        busy = false;
      });
  }, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running.catch(() => undefined);
    },
  };
}
