// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageValues } from '../analytics/testing/fakes.ts';
import { V2_EVENT_SCHEMAS } from '../../shared/analytics/events-v2.ts';
import { APP_NAME, REPORT_ERROR_EVENT, startCollector } from './collector.ts';
import { RECORDS_PATH } from './delivery.ts';
import { V2_EVENTS_PATH } from './performance-event.ts';
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

/** The beacons of page-speed records (the v2 Performance events go by beacon too). */
const recordCalls = () => beacon.mock.calls.filter(([url]) => url === RECORDS_PATH);
const performanceEvents = () =>
  beacon.mock.calls
    .filter(([url]) => url === V2_EVENTS_PATH)
    .map(([, body]) => body as unknown as URLSearchParams);

const sentRecords = () =>
  recordCalls().flatMap(([, body]) =>
    (JSON.parse(body) as string[]).map((encoded) => JSON.parse(encoded) as Record<string, unknown>),
  );

describe('the page-speed collector (docs/behaviour/telemetry.md#page-speed-collector)', () => {
  it('queues one record and flushes it 30 s after load', async () => {
    await start({ status: 200, body: { pageLoadId: 'pl-1', ...FLAGS } });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(recordCalls()).toHaveLength(0);
    // The metric wait (60 s) has not ended: nothing is queued yet at 30 s.
    await vi.advanceTimersByTimeAsync(1);
    expect(recordCalls()).toHaveLength(0);
    dispatchEvent(new Event('pagehide'));
    expect(recordCalls()).toHaveLength(1);
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
    expect(recordCalls()).toHaveLength(1);
    expect(performanceEvents()).toHaveLength(1);
  });

  it('a record queued by the 60 s metric wait leaves with the next flush', async () => {
    await start({ status: 200, body: { pageLoadId: 'pl-2', ...FLAGS } });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(recordCalls()).toHaveLength(0);
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
    expect(recordCalls()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sentRecords()).toEqual([
      expect.objectContaining({
        pageLoadId: 'pl-3',
        timings: expect.objectContaining({ largestContentfulPaint: 100, timeToInteractive: 100 }),
      }),
    ]);
  });

  it('sends the vitals once as a v2 Performance event with its fixed fields', async () => {
    await start({ status: 200, body: { pageLoadId: 'pl-5', ...FLAGS } });
    for (const name of ['LCP', 'CLS', 'FCP', 'TTFB']) vitals.get(name)?.({ value: 120 });
    dispatchEvent(new Event('pagehide'));
    dispatchEvent(new Event('beforeunload'));
    const [event, ...more] = performanceEvents();
    expect(more).toEqual([]);
    expect(event?.get('eventSchemaName')).toBe('Performance');
    const content = JSON.parse(event?.get('eventContent') ?? '{}') as Record<string, unknown>;
    expect(content).toMatchObject({
      action: 'load',
      actor: 'user',
      owner_team: 'web_performance',
      source: 'web',
      object_type: 'website',
      page_load_id: 'pl-5',
      page_type: 50,
      website_id: 'vitrine-demo',
      largest_contentful_paint: 120,
      first_contentful_paint: 120,
      time_to_first_byte: 120,
    });
    const parsed = V2_EVENT_SCHEMAS.Performance.safeParse(content);
    expect(parsed.success).toBe(true);
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
