/**
 * The browser's side of the places proxy (docs/behaviour/checkout-and-orders.md#address-suggestions): GET
 * /api/google-maps/places/autocomplete and /details on the shop's own origin, each carrying the
 * caller's tracking context. A details call whose context lacks productPage or productSection
 * logs the spec's console error (and is still made). Any answer other than 2xx — the proxy's 503
 * without a key included — or a network failure is a PlacesUnavailableError.
 */
import { placeAddress, type PlaceAddress } from './place-address.ts';

export const AUTOCOMPLETE_PATH = '/api/google-maps/places/autocomplete';
export const DETAILS_PATH = '/api/google-maps/places/details';
export const DETAILS_CONTEXT_ERROR =
  'Places details tracking context must include productPage and productSection';

export type TrackingContext = Readonly<Record<string, string | number | boolean | null>>;

/** Where the checkout's address autocomplete is used. */
export const CHECKOUT_TRACKING_CONTEXT: TrackingContext = {
  productPage: 'checkout',
  productSection: 'shipping-address',
};

export interface Suggestion {
  readonly placeId: string;
  readonly description: string;
}

export class PlacesUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PlacesUnavailableError';
  }
}

async function getJson(
  path: string,
  params: Record<string, string>,
  signal: AbortSignal | undefined,
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`${path}?${new URLSearchParams(params).toString()}`, {
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') throw error;
    throw new PlacesUnavailableError('places proxy unreachable');
  }
  if (!response.ok) throw new PlacesUnavailableError(`places proxy answered ${response.status}`);
  try {
    return (await response.json()) as unknown;
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') throw error;
    throw new PlacesUnavailableError('places proxy answered something other than JSON');
  }
}

/** The provider's predictions for what was typed; none for ZERO_RESULTS or an odd answer. */
export async function fetchSuggestions(
  input: string,
  sessionToken: string,
  context: TrackingContext,
  signal?: AbortSignal,
): Promise<Suggestion[]> {
  const body = await getJson(
    AUTOCOMPLETE_PATH,
    { input, sessionToken, types: 'address', trackingContext: JSON.stringify(context) },
    signal,
  );
  const predictions = (body as { predictions?: unknown } | null)?.predictions;
  if (!Array.isArray(predictions)) return [];
  return predictions.flatMap((prediction: unknown) => {
    const { place_id: placeId, description } = (prediction ?? {}) as Record<string, unknown>;
    return typeof placeId === 'string' && typeof description === 'string'
      ? [{ placeId, description }]
      : [];
  });
}

/** The chosen place's address; undefined when the provider knows none. */
export async function fetchAddress(
  placeId: string,
  sessionToken: string,
  context: TrackingContext,
  signal?: AbortSignal,
): Promise<PlaceAddress | undefined> {
  if (context.productPage == null || context.productSection == null)
    console.error(DETAILS_CONTEXT_ERROR);
  const body = await getJson(
    DETAILS_PATH,
    {
      placeId,
      sessionToken,
      fields: 'address_component',
      trackingContext: JSON.stringify(context),
    },
    signal,
  );
  return placeAddress(body);
}
