/**
 * Hands an error to the script error reporter (src/clients/error-reporter listens for this event
 * on window), so an island never needs the reporter loaded to report.
 */
export const REPORT_ERROR_EVENT = 'vitrine:report-error';

export function reportError(error: unknown): void {
  window.dispatchEvent(new CustomEvent(REPORT_ERROR_EVENT, { detail: { error } }));
}
