/**
 * The in-process scheduler: every `intervalMs` it runs the due jobs (jobs.ts), one run at a
 * time (a slow run is never stacked on). The timer does not keep the process alive; stop()
 * ends it and waits for a run in progress. Several processes may each run one: the renewal
 * job's claims keep them apart.
 */
import { runDueJobs, type JobDeps } from './jobs.ts';

export const JOB_INTERVAL_MS = 60_000;

export interface JobScheduler {
  stop(): Promise<void>;
}

export function startJobScheduler(
  deps: JobDeps,
  options: { intervalMs: number } = { intervalMs: JOB_INTERVAL_MS },
): JobScheduler {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  let stopped = false;
  const timer = setInterval(() => {
    if (busy || stopped) return;
    busy = true;
    running = runDueJobs(deps)
      .catch((error: unknown) => deps.log.error({ err: error }, 'scheduled jobs failed'))
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
