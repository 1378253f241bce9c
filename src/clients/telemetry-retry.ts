/**
 * The one retry a telemetry client makes when the server sheds load
 * (docs/behaviour/telemetry.md#backpressure): a `503` with `Retry-After: <seconds>` is tried again
 * once, after those seconds (at most 30), unless the page is hidden first, when it may be going
 * away and the request is given up. No other status is retried, and a retry is never retried.
 */
export const BUSY_STATUS = 503;
/** The longest wait before the retry: a page that long open may be left soon after. */
export const MAX_RETRY_WAIT_S = 30;

/** Milliseconds to wait before retrying this answer's request, or undefined for no retry. */
export function retryWaitMs(response: Response): number | undefined {
  if (response.status !== BUSY_STATUS) return undefined;
  // The server sends whole seconds (1–60); a date or anything else is not retried.
  const seconds = response.headers.get('retry-after')?.trim() ?? '';
  return /^\d+$/.test(seconds) ? Math.min(Number(seconds), MAX_RETRY_WAIT_S) * 1_000 : undefined;
}

/** Resolves true after `ms`, or false as soon as the page is hidden or left. */
export function waitWhileShown(ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden') {
      resolve(false);
      return;
    }
    const finish = (shown: boolean) => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      removeEventListener('pagehide', onLeave);
      resolve(shown);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') finish(false);
    };
    const onLeave = () => finish(false);
    const timer = setTimeout(() => finish(true), ms);
    document.addEventListener('visibilitychange', onVisibility);
    addEventListener('pagehide', onLeave);
  });
}

/**
 * Sends with `send`, and once more after the wait a busy answer asks for while the page stays
 * shown. Resolves with the last answer (the busy one when the retry was given up).
 */
export async function sendWithOneRetry(send: () => Promise<Response>): Promise<Response> {
  const response = await send();
  const wait = retryWaitMs(response);
  return wait !== undefined && (await waitWhileShown(wait)) ? send() : response;
}
