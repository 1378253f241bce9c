/**
 * The in-process scheduler: every `intervalMs` it runs the due jobs (jobs.ts), one run at a
 * time (jobs/timer-loop.ts). stop() ends it and waits for a run in progress. Several processes
 * may each run one: the renewal job's claims keep them apart.
 */
import { startTimerLoop, type TimerLoop } from '../../jobs/timer-loop.ts';
import { runDueJobs, type JobDeps } from './jobs.ts';

export const JOB_INTERVAL_MS = 60_000;

export type JobScheduler = TimerLoop;

export function startJobScheduler(
  deps: JobDeps,
  options: { intervalMs: number } = { intervalMs: JOB_INTERVAL_MS },
): JobScheduler {
  return startTimerLoop(() => runDueJobs(deps), {
    intervalMs: options.intervalMs,
    onError: (error) => deps.log.error({ err: error }, 'scheduled jobs failed'),
  });
}
