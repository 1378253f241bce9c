/**
 * A background pass every `intervalMs`, one pass at a time: a slow pass (an SMTP server, a
 * renewal run waiting on the database) is never stacked on. The timer does not keep the
 * process alive; stop() ends it and waits for a pass in progress. The outbox relay and the
 * job scheduler are both this loop.
 */
export interface TimerLoop {
  stop(): Promise<void>;
}

export function startTimerLoop(
  pass: () => Promise<unknown>,
  options: { readonly intervalMs: number; readonly onError: (error: unknown) => void },
): TimerLoop {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  let stopped = false;
  const timer = setInterval(() => {
    if (busy || stopped) return;
    busy = true;
    running = pass()
      .catch(options.onError)
      .finally(() => {
        busy = false;
      });
  }, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
