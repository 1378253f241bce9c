/**
 * The places provider client (a Google Places-style API: `<base>/autocomplete/json` and
 * `<base>/details/json`, key as a query parameter). Every call has a deadline
 * (AbortSignal.timeout): an address field must not hang on a slow provider. Failures are typed
 * so the route can answer 504 for a time-out and 502 for anything else the provider did wrong.
 */

export interface PlacesClientOptions {
  readonly apiKey: string;
  readonly baseUrl: string;
  readonly timeoutMs: number;
}

export type PlacesOperation = 'autocomplete' | 'details';

export class PlacesTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`places provider did not answer within ${timeoutMs} ms`);
    this.name = 'PlacesTimeoutError';
  }
}

export class PlacesUpstreamError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PlacesUpstreamError';
  }
}

/** Header carrying the caller's tracking context to the provider, as JSON. */
export const TRACKING_CONTEXT_HEADER = 'x-tracking-context';

export interface PlacesClient {
  call(
    operation: PlacesOperation,
    params: Readonly<Record<string, string>>,
    trackingContext: Readonly<Record<string, unknown>> | undefined,
  ): Promise<unknown>;
}

export function createPlacesClient(options: PlacesClientOptions): PlacesClient {
  return {
    async call(operation, params, trackingContext) {
      const url = new URL(`${options.baseUrl}/${operation}/json`);
      for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
      url.searchParams.set('key', options.apiKey);
      let response: Response;
      try {
        response = await fetch(url, {
          headers: {
            accept: 'application/json',
            ...(trackingContext
              ? { [TRACKING_CONTEXT_HEADER]: JSON.stringify(trackingContext) }
              : {}),
          },
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        if (error instanceof Error && error.name === 'TimeoutError')
          throw new PlacesTimeoutError(options.timeoutMs);
        throw new PlacesUpstreamError('places provider unreachable', { cause: error });
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new PlacesUpstreamError(`places provider answered ${response.status}`);
      }
      try {
        return (await response.json()) as unknown;
      } catch (error) {
        // The deadline also covers reading the body: a provider that stalls mid-body times out.
        if (error instanceof Error && error.name === 'TimeoutError')
          throw new PlacesTimeoutError(options.timeoutMs);
        throw new PlacesUpstreamError('places provider answered something other than JSON', {
          cause: error,
        });
      }
    },
  };
}
