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

/** A `largest-contentful-paint` entry: when, how large, and what (the image's URL, if one). */
export interface LcpEntry {
  readonly startTime: number;
  readonly size: number;
  /** The image's URL; empty for text. */
  readonly url: string;
  /** The element's tag name, lower case; empty when it has left the page. */
  readonly element: string;
}

/** The page's LCP: the last candidate, what it was and whether it is the page's main image. */
export interface LargestPaint {
  readonly ms: number;
  /** `img <path>` for an image, else the tag name (`h1`), `?` when the element has gone. */
  readonly element: string;
  readonly isMainImage: boolean;
}

/**
 * The last LCP candidate, told apart from a heading or a paragraph: the product page's LCP is
 * what a shopper waits for only when it is the main product image (`mainImageUrl`, the URL the
 * browser chose from the srcset), whose paint can fall at the first paint or long after it.
 */
export function largestPaint(
  entries: readonly LcpEntry[],
  mainImageUrl: string | null,
): LargestPaint {
  const last = entries.at(-1);
  if (!last) return { ms: Number.NaN, element: 'none', isMainImage: false };
  const path = last.url === '' ? '' : new URL(last.url).pathname + new URL(last.url).search;
  const element = path === '' ? last.element || '?' : `${last.element || 'img'} ${path}`;
  return {
    ms: last.startTime,
    element,
    isMainImage: mainImageUrl !== null && last.url !== '' && last.url === mainImageUrl,
  };
}

/** A task blocks input for whatever it runs beyond this. */
export const BLOCKING_THRESHOLD_MS = 50;

/**
 * The sum, over long tasks, of what each runs beyond 50 ms inside the window from `fromMs` to
 * `untilMs` (the moment of measurement). A task under way at `fromMs` counts from then on, one
 * still running at the end up to the end, as Lighthouse clips them. Lighthouse starts the window
 * at First Contentful Paint; the benchmark starts it at navigation (0), because on a slow phone
 * the islands' work runs before the first paint and delays it (bench/README.md).
 */
export function totalBlockingTime(
  tasks: readonly LongTask[],
  fromMs: number,
  untilMs: number,
): number {
  let total = 0;
  for (const task of tasks) {
    const start = Math.max(task.startTime, fromMs);
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
