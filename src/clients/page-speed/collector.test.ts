// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageValues } from '../analytics/testing/fakes.ts';
import { APP_NAME, REPORT_ERROR_EVENT, startCollector } from './collector.ts';
import { FakePerformanceObserver } from './testing/fake-performance.ts';
import { FakeXhr } from './testing/fake-xhr.ts';

type Report = (metric: { value: number }) => void;
const vitals = vi.hoisted(() => new Map<string, (metric: { value: number }) => void>());

vi.mock('web-vitals', () => ({
  onLCP: (report: Report) => vitals.set('LCP', report),
  onCLS: (report: Report) => vitals.set('CLS', report),
  onINP: (report: Report) => vitals.set('INP', report),
  onFCP: (report: Report) => vitals.set('FCP', report),
  onTTFB: (report: Report) => vitals.set('TTFB', report),
}));

const FLAGS = {
  rum: true,
  [`${APP_NAME}-app`]: true,
  'track-page-speed': true,
  'track-user-timing': true,
};
let beacon: ReturnType<typeof vi.fn<(url: string, body: string) => boolean>>;

beforeEach(() => {
  vi.useFakeTimers();
  FakeXhr.made.length = 0;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal('PerformanceObserver', FakePerformanceObserver);
  beacon = vi.fn((_url: string, _body: string) => true);
  Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: beacon });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Starts the collector and answers its settings request. */
async function start(answer: { status: number; body: unknown }): Promise<void> {
  const running = startCollector(pageValues({ pageType: 50 }));
  FakeXhr.made[0]?.answer(answer.status, answer.body);
  await running;
}

const sentRecords = () =>
  beacon.mock.calls.flatMap(([, body]) =>
    (JSON.parse(body) as string[]).map((encoded) => JSON.parse(encoded) as Record<string, unknown>),
  );

describe('the page-speed collector (platform.md §4, §7)', () => {
  it('queues one record and flushes it 30 s after load', async () => {
    await start({ status: 200, body: { pageLoadId: 'pl-1', ...FLAGS } });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(beacon).not.toHaveBeenCalled();
    // The metric wait (60 s) has not ended: nothing is queued yet at 30 s.
    await vi.advanceTimersByTimeAsync(1);
    expect(beacon).not.toHaveBeenCalled();
    dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(sentRecords()).toEqual([
      expect.objectContaining({
        pageLoadId: 'pl-1',
        deliveryType: 'beacon',
        collectorVersion: '1.0.0',
        context: expect.objectContaining({
          websiteId: 'vitrine-demo',
          pageType: 50,
          language: 'en-US',
        }),
        identity: expect.objectContaining({ path: location.pathname }),
        display: expect.objectContaining({ viewportWidth: innerWidth }),
      }),
    ]);
    // Before-unload after page hide sends nothing more: one record per page load.
    dispatchEvent(new Event('beforeunload'));
    expect(beacon).toHaveBeenCalledTimes(1);
  });

  it('a record queued by the 60 s metric wait leaves with the next flush', async () => {
    await start({ status: 200, body: { pageLoadId: 'pl-2', ...FLAGS } });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(beacon).not.toHaveBeenCalled();
    dispatchEvent(new Event('beforeunload'));
    expect(sentRecords().map((record) => record.pageLoadId)).toEqual(['pl-2']);
  });

  it('flushes 30 s after load a record whose metrics were in', async () => {
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
    await start({ status: 200, body: { pageLoadId: 'pl-3', ...FLAGS } });
    dispatchEvent(new Event('load'));
    for (const name of ['LCP', 'CLS', 'FCP', 'TTFB']) vitals.get(name)?.({ value: 100 });
    // Time to interactive after the 5 s quiet window completes the record.
    await vi.advanceTimersByTimeAsync(29_999);
    expect(beacon).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(sentRecords()).toEqual([
      expect.objectContaining({
        pageLoadId: 'pl-3',
        timings: expect.objectContaining({ largestContentfulPaint: 100, timeToInteractive: 100 }),
      }),
    ]);
  });

  it('does not run without all four rollout flags', async () => {
    await start({
      status: 200,
      body: { pageLoadId: 'pl-4', ...FLAGS, 'track-user-timing': false },
    });
    dispatchEvent(new Event('pagehide'));
    expect(beacon).not.toHaveBeenCalled();
  });

  it('gives its errors to the error reporter, else to a console warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await start({ status: 500, body: 'down' });
    expect(warn).toHaveBeenCalledWith(expect.any(Error));
    warn.mockClear();
    const reported: unknown[] = [];
    const reporter = (event: Event) => {
      event.preventDefault();
      reported.push((event as CustomEvent<{ error: unknown }>).detail.error);
    };
    addEventListener(REPORT_ERROR_EVENT, reporter);
    FakeXhr.made.length = 0;
    await start({ status: 200, body: { rum: true } });
    removeEventListener(REPORT_ERROR_EVENT, reporter);
    expect(reported).toEqual([
      expect.objectContaining({ message: expect.stringContaining('page-load id') }),
    ]);
    expect(warn).not.toHaveBeenCalled();
  });
});
