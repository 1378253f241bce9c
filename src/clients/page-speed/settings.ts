/**
 * The collector's settings (docs/behaviour/telemetry.md#page-speed-collector): GET /api/1/performance/settings by XHR with
 * a 30 s time-out, answering a page-load id and the rollout flags. The collector runs only when
 * rum, `<app>-app`, track-page-speed and track-user-timing are all true (each false by default).
 */
import { PERFORMANCE_SETTINGS_TIMEOUT_MS } from '../../shared/analytics/limits.ts';

export const SETTINGS_PATH = '/api/1/performance/settings';
export const SETTINGS_TIMEOUT_MESSAGE = 'Metric settings request timeout';
export const MISSING_PAGE_LOAD_ID_MESSAGE = 'Metric settings response has no page-load id';
export const unexpectedStatusMessage = (status: number): string =>
  `Metric settings request finished with an unexpected status: ${status}`;

export interface CollectorSettings {
  readonly pageLoadId: string;
  readonly flags: Readonly<Record<string, unknown>>;
}

/** The four rollout flags for this app, all true. */
export function collectorEnabled(flags: Readonly<Record<string, unknown>>, app: string): boolean {
  return ['rum', `${app}-app`, 'track-page-speed', 'track-user-timing'].every(
    (flag) => flags[flag] === true,
  );
}

/**
 * The settings; undefined when the request ended without a status (status 0: offline or the page
 * going away), an error for any other failure.
 */
export function fetchSettings(): Promise<CollectorSettings | undefined> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('GET', SETTINGS_PATH);
    xhr.timeout = PERFORMANCE_SETTINGS_TIMEOUT_MS;
    xhr.ontimeout = () => reject(new Error(SETTINGS_TIMEOUT_MESSAGE));
    xhr.onerror = () => resolve(undefined);
    xhr.onload = () => {
      if (xhr.status === 0) return resolve(undefined);
      if (xhr.status !== 200) return reject(new Error(unexpectedStatusMessage(xhr.status)));
      try {
        const { pageLoadId, ...flags } = JSON.parse(xhr.responseText) as Record<string, unknown>;
        if (typeof pageLoadId !== 'string' || !pageLoadId)
          throw new Error(MISSING_PAGE_LOAD_ID_MESSAGE);
        resolve({ pageLoadId, flags });
      } catch (error) {
        // Unparseable JSON (a SyntaxError) or no page-load id.
        reject(error instanceof Error ? error : new Error(MISSING_PAGE_LOAD_ID_MESSAGE));
      }
    };
    xhr.send();
  });
}
