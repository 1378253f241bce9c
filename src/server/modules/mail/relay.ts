/**
 * The outbox relay: with SMTP configured, every `intervalMs` it sends what waits in the outbox
 * — messages other modules queued directly, and ones whose first send failed — up to
 * `maxAttempts` tries each, one pass at a time (jobs/timer-loop.ts). stop() ends it.
 */
import { startTimerLoop, type TimerLoop } from '../../jobs/timer-loop.ts';
import type { Mailer } from './mailer.ts';

export const OUTBOX_RELAY = { intervalMs: 30_000, batch: 50, maxAttempts: 5 } as const;

export function startOutboxRelay(
  mailer: Mailer,
  options: { intervalMs: number; batch: number; maxAttempts: number } = OUTBOX_RELAY,
  // A failed pass leaves its mail in the outbox for the next one.
  onError: (error: unknown) => void = () => undefined,
): TimerLoop {
  return startTimerLoop(
    () => mailer.sendWaiting({ limit: options.batch, maxAttempts: options.maxAttempts }),
    { intervalMs: options.intervalMs, onError },
  );
}
