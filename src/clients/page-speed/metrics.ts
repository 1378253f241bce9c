/**
 * The page's timings (docs/behaviour/telemetry.md#page-speed-records): web-vitals' LCP, CLS, INP, FCP and TTFB, first input delay
 * from the first-input entry, time to interactive (the end of the last long task before 5000 ms
 * without one, from first contentful paint), and rum-* user-timing measures, each name and
 * duration pair once. `whenComplete` resolves when every metric is in or after 60 s.
 */
import { onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals';
import { PERFORMANCE_METRIC_WAIT_MS, USER_TIMING_PREFIX } from '../../shared/analytics/limits.ts';
import type { PageSpeedRecord } from '../../shared/analytics/page-speed-record.ts';

/** The quiet window of the interactivity measure (docs/behaviour/telemetry.md#page-speed-collector). */
export const TTI_QUIET_WINDOW_MS = 5000;

export type Timings = NonNullable<PageSpeedRecord['timings']>;
export type UserTiming = NonNullable<PageSpeedRecord['userTimings']>[number];

/** The metrics every record waits for (INP and CLS arrive when the page is hidden). */
const AWAITED = [
  'largestContentfulPaint',
  'layoutShift',
  'firstContentfulPaint',
  'responseStart',
  'timeToInteractive',
] as const;

export interface MetricsCollector {
  readonly timings: Timings;
  readonly userTimings: UserTiming[];
  /** Resolves when the awaited metrics are in, or after the 60 s metric wait. */
  readonly whenComplete: Promise<void>;
}

function observe(type: string, callback: (entries: PerformanceEntry[]) => void): void {
  try {
    new PerformanceObserver((list) => callback(list.getEntries())).observe({
      type,
      buffered: true,
    });
  } catch {
    // An entry type this browser does not know: its metric stays absent.
  }
}

/** A duration the server accepts: 0 to one hour, whole milliseconds. */
const millis = (value: number): number => Math.min(3_600_000, Math.max(0, Math.round(value)));

export function collectMetrics(): MetricsCollector {
  const timings: Timings = {};
  const userTimings: UserTiming[] = [];
  const seen = new Set<string>();
  let done: () => void = () => undefined;
  const whenComplete = new Promise<void>((resolve) => {
    done = resolve;
    setTimeout(resolve, PERFORMANCE_METRIC_WAIT_MS);
  });
  const set = (name: keyof Timings, value: number) => {
    timings[name] = name === 'layoutShift' ? Math.min(100, value) : millis(value);
    if (AWAITED.every((metric) => timings[metric] !== undefined)) done();
  };

  onLCP((metric) => set('largestContentfulPaint', metric.value));
  onCLS((metric) => set('layoutShift', metric.value));
  onINP((metric) => set('interactionToNextPaint', metric.value));
  onFCP((metric) => set('firstContentfulPaint', metric.value));
  onTTFB((metric) => set('responseStart', metric.value));
  observe('first-input', ([entry]) => {
    if (entry && 'processingStart' in entry)
      set('firstInputDelay', (entry as PerformanceEventTiming).processingStart - entry.startTime);
  });

  // Time to interactive: each long task restarts the quiet window.
  let lastLongTaskEnd = 0;
  let quiet: ReturnType<typeof setTimeout> | undefined;
  const restartQuietWindow = () => {
    clearTimeout(quiet);
    quiet = setTimeout(() => {
      const navigation = performance.getEntriesByType('navigation')[0];
      set(
        'timeToInteractive',
        Math.max(
          lastLongTaskEnd,
          timings.firstContentfulPaint ?? 0,
          navigation?.domContentLoadedEventEnd ?? 0,
        ),
      );
    }, TTI_QUIET_WINDOW_MS);
  };
  observe('longtask', (entries) => {
    for (const entry of entries)
      lastLongTaskEnd = Math.max(lastLongTaskEnd, entry.startTime + entry.duration);
    restartQuietWindow();
  });
  restartQuietWindow();

  observe('measure', (entries) => {
    const marks = performance.getEntriesByType('mark') as PerformanceMark[];
    const detailAt = (time: number): unknown =>
      marks.find((mark) => mark.startTime === time)?.detail ?? undefined;
    for (const entry of entries as PerformanceMeasure[]) {
      const duration = millis(entry.duration);
      const key = `${entry.name}\u0000${duration}`;
      if (!entry.name.startsWith(USER_TIMING_PREFIX) || seen.has(key) || userTimings.length >= 100)
        continue;
      seen.add(key);
      userTimings.push({
        name: entry.name.slice(0, 100),
        duration,
        startTime: millis(entry.startTime),
        startMark: detailAt(entry.startTime),
        endMark: detailAt(entry.startTime + entry.duration),
      });
    }
  });

  return { timings, userTimings, whenComplete };
}
