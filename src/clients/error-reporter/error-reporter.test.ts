// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APPLICATION_NAME,
  createErrorReporter,
  ERRORS_ENDPOINT,
  ISLAND_ERROR_EVENT,
  listenForErrors,
  REPORT_ERROR_EVENT,
} from './error-reporter.ts';

const site = { siteId: 'vitrine-demo', templateId: 'vitrine-default' };
let fetchMock: ReturnType<typeof vi.fn<(url: string, init: RequestInit) => Promise<Response>>>;

interface SentEvent {
  eventName: string;
  data: string;
  timestamp: number;
}

function sentBodies(): SentEvent[][] {
  return fetchMock.mock.calls.map(([, init]) => JSON.parse(init.body as string) as SentEvent[]);
}

beforeEach(() => {
  vi.useFakeTimers();
  fetchMock = vi.fn((_url: string, _init: RequestInit) =>
    Promise.resolve(new Response(null, { status: 202 })),
  );
  vi.stubGlobal('fetch', fetchMock);
  document.cookie = 'crumb=token-123';
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.cookie = 'crumb=; max-age=0';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
});

/** Answers each send with the next status and Retry-After (the last one again at the end). */
function answerWith(...answers: [status: number, retryAfter?: string][]): void {
  fetchMock.mockImplementation(() => {
    const [status, retryAfter] = (answers.length > 1 ? answers.shift() : answers[0]) ?? [0];
    return Promise.resolve(
      new Response(null, {
        status,
        headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter },
      }),
    );
  });
}

describe('a busy server (docs/behaviour/telemetry.md#backpressure)', () => {
  it('sends the same report once more after Retry-After, and never a third time', async () => {
    answerWith([503, '2']);
    createErrorReporter(site).report(new Error('lost?'));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(sentBodies()[1]).toEqual(sentBodies()[0]);
    expect(fetchMock.mock.calls[1]?.[1].headers).toEqual(fetchMock.mock.calls[0]?.[1].headers);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('retries no other status, nor a 503 without Retry-After', async () => {
    for (const answer of [[500, '2'], [429, '2'], [503]] as [number, string?][]) {
      fetchMock.mockClear();
      answerWith(answer);
      createErrorReporter(site).report('refused');
      await vi.advanceTimersByTimeAsync(60_000);
      expect(fetchMock, String(answer)).toHaveBeenCalledTimes(1);
    }
  });

  it('gives the retry up when the page is hidden during the wait', async () => {
    answerWith([503, '2'], [202]);
    createErrorReporter(site).report('hidden');
    await vi.advanceTimersByTimeAsync(1_500);
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('error reporter', () => {
  it('waits 1 s after the last error, then sends every queued error in one request', () => {
    const reporter = createErrorReporter(site);
    reporter.report(new Error('first'));
    vi.advanceTimersByTime(900);
    reporter.report(new Error('second'));
    vi.advanceTimersByTime(999);
    expect(fetchMock).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(ERRORS_ENDPOINT);
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({
      'content-type': 'application/json',
      'x-csrf-token': 'token-123',
    });
    const [events] = sentBodies();
    expect(events?.map((event) => JSON.parse(event.data).message)).toEqual([
      'Error: first',
      'Error: second',
    ]);
    expect(events?.[0]).toMatchObject({
      eventName: 'JavascriptError',
      timestamp: Date.now() - 1900,
    });
  });

  it('sends the data fields of docs/behaviour/telemetry.md#script-errors, the stack cut at 5000 characters', () => {
    const reporter = createErrorReporter(site);
    const error = new TypeError('x is undefined');
    error.stack = 'TypeError: x is undefined\n' + 'a'.repeat(6000);
    reporter.report(error, { file: 'https://shop.test/assets/app.js', line: 12, column: 34 });
    vi.advanceTimersByTime(1000);
    const data = JSON.parse(sentBodies()[0]?.[0]?.data ?? '{}');
    expect(data).toEqual({
      siteId: 'vitrine-demo',
      templateId: 'vitrine-default',
      pageUrl: location.href,
      userAgent: navigator.userAgent,
      applicationName: APPLICATION_NAME,
      message: 'TypeError: x is undefined',
      stack: error.stack.slice(0, 5000),
      file: 'https://shop.test/assets/app.js',
      line: 12,
      column: 34,
    });
    expect(data.stack).toHaveLength(5000);
  });

  it('queues at most 10 events per send', () => {
    const reporter = createErrorReporter(site);
    for (let index = 0; index < 15; index += 1) reporter.report(`error ${index}`);
    vi.advanceTimersByTime(1000);
    expect(sentBodies()[0]).toHaveLength(10);
  });

  it('sends at most 20 times per page', () => {
    const reporter = createErrorReporter(site);
    for (let index = 0; index < 25; index += 1) {
      reporter.report(`error ${index}`);
      vi.advanceTimersByTime(1000);
    }
    expect(fetchMock).toHaveBeenCalledTimes(20);
  });

  it('sends no CSRF header without a crumb cookie, and a failed send stays quiet', async () => {
    document.cookie = 'crumb=; max-age=0';
    fetchMock.mockImplementation(() => Promise.reject(new Error('offline')));
    const reporter = createErrorReporter(site);
    reporter.report('no crumb');
    vi.advanceTimersByTime(1000);
    await Promise.resolve();
    expect((fetchMock.mock.calls[0]?.[1] as RequestInit).headers).toEqual({
      'content-type': 'application/json',
    });
  });

  it('reports window errors, unhandled rejections, islands’ reports and hydration failures', () => {
    const target = new EventTarget() as unknown as Window;
    listenForErrors(target, createErrorReporter(site));
    target.dispatchEvent(
      new ErrorEvent('error', {
        error: new Error('thrown'),
        message: 'Uncaught Error: thrown',
        filename: 'https://shop.test/a.js',
        lineno: 3,
        colno: 7,
      }),
    );
    const rejection = new Event('unhandledrejection') as Event & { reason?: unknown };
    rejection.reason = new Error('rejected');
    target.dispatchEvent(rejection);
    const report = new CustomEvent(REPORT_ERROR_EVENT, {
      cancelable: true,
      detail: { error: new Error('island failed') },
    });
    expect(target.dispatchEvent(report)).toBe(false);
    target.dispatchEvent(
      new CustomEvent(ISLAND_ERROR_EVENT, { detail: { error: new Error('hydration failed') } }),
    );
    vi.advanceTimersByTime(1000);
    const data = (sentBodies()[0] ?? []).map((event) => JSON.parse(event.data));
    expect(data.map((entry) => entry.message)).toEqual([
      'Error: thrown',
      'Error: rejected',
      'Error: island failed',
      'Error: hydration failed',
    ]);
    expect(data[0]).toMatchObject({ file: 'https://shop.test/a.js', line: 3, column: 7 });
  });
});
