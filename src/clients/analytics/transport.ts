/**
 * Sends one tracking request (docs/behaviour/analytics.md#census-calls): form-encoded, same origin, kept alive past
 * page unload, abandoned after 2500 ms. A `503` with `Retry-After` is sent once more after the
 * given seconds while the page stays shown (docs/behaviour/telemetry.md#backpressure). Success is
 * 200 or 202; a tracking that fails with any other answer (a given-up or failed retry included) is
 * warned with the spec's message. Failures are swallowed: analytics never disturbs the page.
 */
import { ANALYTICS_REQUEST_TIMEOUT_MS } from '../../shared/analytics/limits.ts';
import { sendWithOneRetry } from '../telemetry-retry.ts';

export const NO_PAYLOAD_WARNING = 'no payload';
export const trackingStatusWarning = (status: number): string =>
  `Error tracking event: HTTP Status ${status}`;

export type Fields = Record<string, string | number | boolean | null | undefined>;

/** The defined fields as form fields. */
export function formOf(fields: Fields): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(fields))
    if (value !== undefined && value !== null) form.set(key, String(value));
  return form;
}

export async function sendTracking(url: string, form: URLSearchParams): Promise<boolean> {
  if (form.toString() === '') {
    console.warn(NO_PAYLOAD_WARNING);
    return false;
  }
  try {
    // Each attempt has its own time-out.
    const response = await sendWithOneRetry(() =>
      fetch(url, {
        method: 'POST',
        body: form,
        credentials: 'same-origin',
        keepalive: true,
        signal: AbortSignal.timeout(ANALYTICS_REQUEST_TIMEOUT_MS),
      }),
    );
    if (response.status === 200 || response.status === 202) return true;
    console.warn(trackingStatusWarning(response.status));
  } catch {
    // Offline, timed out or blocked: swallowed (docs/behaviour/analytics.md#events).
  }
  return false;
}
