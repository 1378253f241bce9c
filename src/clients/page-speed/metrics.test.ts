// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { collectMetrics, TTI_QUIET_WINDOW_MS } from './metrics.ts';
import { FakePerformanceObserver } from './testing/fake-performance.ts';

type Report = (metric: { value: number }) => void;
const vitals = vi.hoisted(() => new Map<string, (metric: { value: number }) => void>());

vi.mock('web-vitals', () => ({
  onLCP: (report: Report) => vitals.set('LCP', report),
  onCLS: (report: Report) => vitals.set('CLS', report),
  onINP: (report: Report) => vitals.set('INP', report),
  onFCP: (report: Report) => vitals.set('FCP', report),
  onTTFB: (report: Report) => vitals.set('TTFB', report),
}));

beforeEach(() => {
  vi.useFakeTimers();
  vitals.clear();
  FakePerformanceObserver.observers.clear();
  vi.stubGlobal('PerformanceObserver', FakePerformanceObserver);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const report = (name: string, value: number) => vitals.get(name)?.({ value });

describe('page-speed metrics (docs/behaviour/telemetry.md#page-speed-records)', () => {
  it('takes LCP, CLS, INP, FCP and TTFB from web-vitals, in whole milliseconds', () => {
    const metrics = collectMetrics();
    report('LCP', 1800.4);
    report('CLS', 0.051);
    report('INP', 120);
    report('FCP', 900.6);
    report('TTFB', 210);
    expect(metrics.timings).toEqual({
      largestContentfulPaint: 1800,
      layoutShift: 0.051,
      interactionToNextPaint: 120,
      firstContentfulPaint: 901,
      responseStart: 210,
    });
  });

  it('takes first input delay from the first-input entry', () => {
    const metrics = collectMetrics();
    FakePerformanceObserver.deliver('first-input', [
      { startTime: 1000, processingStart: 1016 } as unknown as PerformanceEntry,
    ]);
    expect(metrics.timings.firstInputDelay).toBe(16);
  });

  it('measures time to interactive after a 5000 ms quiet window without long tasks', () => {
    const metrics = collectMetrics();
    report('FCP', 800);
    vi.advanceTimersByTime(3000);
    FakePerformanceObserver.deliver('longtask', [{ startTime: 2500, duration: 300 }]);
    vi.advanceTimersByTime(TTI_QUIET_WINDOW_MS - 1);
    expect(metrics.timings.timeToInteractive).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect(metrics.timings.timeToInteractive).toBe(2800);
    expect(TTI_QUIET_WINDOW_MS).toBe(5000);
  });

  it('reports rum-* measures only, each name and duration pair once', () => {
    const metrics = collectMetrics();
    const measure = (name: string, startTime: number, duration: number) =>
      ({ name, startTime, duration }) as PerformanceEntry;
    FakePerformanceObserver.deliver('measure', [
      measure('rum-hydrate', 10, 25.2),
      measure('other', 0, 5),
      measure('rum-hydrate', 40, 25),
      measure('rum-hydrate', 90, 30),
    ]);
    expect(metrics.userTimings.map((timing) => [timing.name, timing.duration])).toEqual([
      ['rum-hydrate', 25],
      ['rum-hydrate', 30],
    ]);
  });

  it('is complete when every awaited metric is in, or after the 60 s metric wait', async () => {
    const done = vi.fn();
    void collectMetrics().whenComplete.then(done);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalled();

    const early = vi.fn();
    void collectMetrics().whenComplete.then(early);
    for (const [name, value] of [
      ['LCP', 1],
      ['CLS', 0],
      ['FCP', 1],
      ['TTFB', 1],
    ] as const)
      report(name, value);
    await vi.advanceTimersByTimeAsync(TTI_QUIET_WINDOW_MS);
    expect(early).toHaveBeenCalled();
  });
});
