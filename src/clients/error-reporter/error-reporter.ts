/**
 * The script error reporter (docs/behaviour/telemetry.md#script-errors): window errors, unhandled rejections, islands'
 * hydration failures and errors they report through the `vitrine:report-error` event are queued (at most 10), debounced 1 s
 * and sent to RecordJavascriptErrors (at most 20 sends per page), with stacks cut at 5000
 * characters and the CSRF header from the crumb cookie. A send answered `503` with `Retry-After` is
 * made once more after the given seconds while the page stays shown, within the same send
 * (docs/behaviour/telemetry.md#backpressure). It never throws.
 */
import {
  ERROR_DEBOUNCE_MS,
  MAX_ERROR_SENDS_PER_PAGE,
  MAX_QUEUED_ERROR_EVENTS,
  MAX_STACK_LENGTH,
} from '../../shared/analytics/limits.ts';
import type { ScriptErrorData } from '../../shared/analytics/script-errors.ts';
import { readCookie } from '../analytics/page-values.ts';
import { sendWithOneRetry } from '../telemetry-retry.ts';

export const ERRORS_ENDPOINT = '/api/events/RecordJavascriptErrors';
/** window CustomEvent with detail { error }: islands report failures they caught. */
export const REPORT_ERROR_EVENT = 'vitrine:report-error';
/** The loader's hydration failure, dispatched on the island element and bubbling (loader.ts). */
export const ISLAND_ERROR_EVENT = 'vitrine:island-error';
export const ERROR_EVENT_NAME = 'JavascriptError';
export const APPLICATION_NAME = 'website';

export interface ErrorSite {
  readonly siteId?: string | undefined;
  readonly templateId?: string | undefined;
}

/** Where the browser says an error happened (ErrorEvent's filename, lineno, colno). */
export interface ErrorPlace {
  readonly file?: string | undefined;
  readonly line?: number | undefined;
  readonly column?: number | undefined;
}

interface QueuedEvent {
  readonly eventName: string;
  readonly data: string;
  readonly timestamp: number;
}

function messageOf(error: unknown): string {
  const text =
    error instanceof Error
      ? `${error.name}: ${error.message}`
      : typeof error === 'string'
        ? error
        : (JSON.stringify(error) ?? String(error));
  return text.trim().slice(0, 2000) || 'Unknown error';
}

/** The data fields of docs/behaviour/telemetry.md#script-errors, each bounded as the server expects. */
export function errorData(
  error: unknown,
  site: ErrorSite,
  place: ErrorPlace = {},
): ScriptErrorData {
  const stack = error instanceof Error ? error.stack : undefined;
  const positive = (value: number | undefined) =>
    value !== undefined && value >= 0 ? Math.floor(value) : undefined;
  return {
    siteId: site.siteId,
    templateId: site.templateId,
    pageUrl: location.href.slice(0, 2083),
    userAgent: navigator.userAgent.slice(0, 512),
    applicationName: APPLICATION_NAME,
    message: messageOf(error),
    stack: stack?.slice(0, MAX_STACK_LENGTH),
    file: place.file ? place.file.slice(0, 2083) : undefined,
    line: positive(place.line),
    column: positive(place.column),
  };
}

export interface ErrorReporter {
  report(error: unknown, place?: ErrorPlace): void;
}

export function createErrorReporter(site: ErrorSite): ErrorReporter {
  let queue: QueuedEvent[] = [];
  let sends = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function send(): void {
    timer = undefined;
    const events = queue;
    queue = [];
    if (events.length === 0 || sends >= MAX_ERROR_SENDS_PER_PAGE) return;
    sends += 1;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const crumb = readCookie('crumb');
    if (crumb) headers['x-csrf-token'] = crumb;
    const body = JSON.stringify(events);
    try {
      sendWithOneRetry(() =>
        fetch(ERRORS_ENDPOINT, {
          method: 'POST',
          headers,
          body,
          credentials: 'same-origin',
          keepalive: true,
        }),
      ).catch(() => undefined);
    } catch {
      // A reporter that fails stays quiet: the page must not notice.
    }
  }

  return {
    report(error, place) {
      try {
        if (sends >= MAX_ERROR_SENDS_PER_PAGE || queue.length >= MAX_QUEUED_ERROR_EVENTS) return;
        queue.push({
          eventName: ERROR_EVENT_NAME,
          data: JSON.stringify(errorData(error, site, place)),
          timestamp: Date.now(),
        });
        clearTimeout(timer);
        timer = setTimeout(send, ERROR_DEBOUNCE_MS);
      } catch {
        // Never throw from the error path.
      }
    },
  };
}

/** Listens on the window: errors, unhandled rejections and islands' reports. */
export function listenForErrors(target: Window, reporter: ErrorReporter): void {
  target.addEventListener('error', (event: ErrorEvent) => {
    reporter.report(event.error ?? event.message, {
      file: event.filename,
      line: event.lineno,
      column: event.colno,
    });
  });
  target.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
    reporter.report(event.reason);
  });
  for (const name of [REPORT_ERROR_EVENT, ISLAND_ERROR_EVENT])
    target.addEventListener(name, (event) => {
      // Cancelling tells the sender a reporter took it (else it logs a warning itself).
      event.preventDefault();
      reporter.report((event as CustomEvent<{ error?: unknown } | null>).detail?.error);
    });
}
