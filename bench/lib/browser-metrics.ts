/**
 * The page-load figures of the browser benchmark, computed from the performance entries a page
 * recorded: Total Blocking Time from long tasks, Cumulative Layout Shift from layout shifts, and
 * the median that summarises several runs. Pure functions, so they are tested apart from Chromium.
 */

/** A long task as PerformanceObserver reports it (milliseconds since navigation start). */
export interface LongTask {
  readonly startTime: number;
  readonly duration: number;
}

/** A layout shift not caused by recent input (those are left out before they get here). */
export interface LayoutShift {
  readonly startTime: number;
  readonly value: number;
}

/** A task blocks input for whatever it runs beyond this. */
export const BLOCKING_THRESHOLD_MS = 50;

/**
 * The sum, over long tasks, of what each runs beyond 50 ms inside the window from First
 * Contentful Paint to `untilMs` (the moment of measurement). A task under way at FCP counts from
 * FCP on, one still running at the end up to the end, as Lighthouse clips them.
 */
export function totalBlockingTime(
  tasks: readonly LongTask[],
  fcpMs: number,
  untilMs: number,
): number {
  let total = 0;
  for (const task of tasks) {
    const start = Math.max(task.startTime, fcpMs);
    const end = Math.min(task.startTime + task.duration, untilMs);
    total += Math.max(0, end - start - BLOCKING_THRESHOLD_MS);
  }
  return total;
}

/** Shifts less than this apart belong to one session window, which lasts at most five seconds. */
const SESSION_GAP_MS = 1_000;
const SESSION_MAX_MS = 5_000;

/** CLS as Chrome defines it: the largest sum of shifts over one session window. */
export function cumulativeLayoutShift(shifts: readonly LayoutShift[]): number {
  const ordered = [...shifts].sort((a, b) => a.startTime - b.startTime);
  let largest = 0;
  let sessionValue = 0;
  let sessionStart = Number.NEGATIVE_INFINITY;
  let previous = Number.NEGATIVE_INFINITY;
  for (const shift of ordered) {
    const sameSession =
      shift.startTime - previous < SESSION_GAP_MS &&
      shift.startTime - sessionStart < SESSION_MAX_MS;
    if (sameSession) sessionValue += shift.value;
    else {
      sessionValue = shift.value;
      sessionStart = shift.startTime;
    }
    previous = shift.startTime;
    largest = Math.max(largest, sessionValue);
  }
  return largest;
}

/** The middle value; the mean of the two middle ones for an even count; NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? Number.NaN;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? Number.NaN) + upper) / 2;
}
