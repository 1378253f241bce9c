/**
 * Places proxy (docs/behaviour/checkout-and-orders.md#address-suggestions): GET /api/google-maps/places/autocomplete and /details. The
 * browser never sees the provider key: the server adds it and forwards the query and the
 * caller's tracking context. With no PLACES_API_KEY the address field gets a clear 503.
 * A details call whose tracking context lacks productPage or productSection is still served
 * (the browser client logs the console error the spec asks for); the server logs a warning.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { jsonText } from '../../../shared/analytics/fields.ts';
import { AppError } from '../../../shared/errors.ts';
import type { Config } from '../../config.ts';
import {
  createPlacesClient,
  PlacesTimeoutError,
  PlacesUpstreamError,
  type PlacesClient,
  type PlacesOperation,
} from './places-client.ts';

const MAX_CONTEXT_LENGTH = 1024;

const trackingContext = jsonText(
  z.record(z.string().max(64), z.union([z.string().max(256), z.number(), z.boolean(), z.null()])),
  MAX_CONTEXT_LENGTH,
);

const common = {
  sessionToken: z
    .string()
    .regex(/^[\w-]{1,128}$/, 'is not a session token')
    .optional(),
  language: z
    .string()
    .regex(/^[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8})?$/, 'is not a language')
    .optional(),
  trackingContext: trackingContext.optional(),
};

const autocompleteQuery = z.object({
  ...common,
  input: z.string().trim().min(1).max(256),
  components: z.string().max(256).optional(),
  types: z.string().max(128).optional(),
  location: z
    .string()
    .regex(/^-?\d{1,3}(\.\d+)?,-?\d{1,3}(\.\d+)?$/, 'is not lat,lng')
    .optional(),
  radius: z
    .string()
    .regex(/^\d{1,8}$/, 'is not a radius in metres')
    .optional(),
});

const detailsQuery = z.object({
  ...common,
  placeId: z.string().regex(/^[\w-]{1,512}$/, 'is not a place id'),
  fields: z
    .string()
    .regex(/^[\w,/.]{1,512}$/, 'is not a field list')
    .optional(),
});

/** The provider's parameter names (snake_case) for the query we validated. */
function providerParams(query: Record<string, unknown>): Record<string, string> {
  const names: Record<string, string> = { sessionToken: 'sessiontoken', placeId: 'place_id' };
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (name === 'trackingContext' || typeof value !== 'string') continue;
    params[names[name] ?? name] = value;
  }
  return params;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** A provider key is configured: the checkout page offers address autocomplete. */
    placesConfigured: boolean;
  }
}

export function registerPlacesRoutes(
  app: FastifyInstance,
  deps: { readonly config: Config },
): void {
  const { apiKey, baseUrl, timeoutMs } = deps.config.places;
  const client: PlacesClient | undefined =
    apiKey === undefined ? undefined : createPlacesClient({ apiKey, baseUrl, timeoutMs });
  app.decorate('placesConfigured', client !== undefined);

  async function proxy(
    operation: PlacesOperation,
    request: FastifyRequest,
    query: Record<string, unknown> & { trackingContext?: Record<string, unknown> | undefined },
  ): Promise<unknown> {
    if (!client) throw new AppError('PLACES_NOT_CONFIGURED');
    try {
      return await client.call(operation, providerParams(query), query.trackingContext);
    } catch (error) {
      if (error instanceof PlacesTimeoutError) {
        request.log.warn({ err: error }, 'places provider timed out');
        throw new AppError('PLACES_TIMEOUT');
      }
      if (error instanceof PlacesUpstreamError) {
        request.log.warn({ err: error }, 'places provider failed');
        throw new AppError('PLACES_UPSTREAM_FAILED');
      }
      throw error;
    }
  }

  app.get('/api/google-maps/places/autocomplete', async (request, reply) => {
    // The key check comes first: without a provider, even a valid query cannot be answered.
    if (!client) throw new AppError('PLACES_NOT_CONFIGURED');
    const query = autocompleteQuery.parse(request.query);
    void reply.header('cache-control', 'no-store');
    return proxy('autocomplete', request, query);
  });

  app.get('/api/google-maps/places/details', async (request, reply) => {
    if (!client) throw new AppError('PLACES_NOT_CONFIGURED');
    const query = detailsQuery.parse(request.query);
    const context = query.trackingContext;
    if (context?.productPage === undefined || context.productSection === undefined) {
      request.log.warn(
        'places details call without productPage and productSection in its tracking context',
      );
    }
    void reply.header('cache-control', 'no-store');
    return proxy('details', request, query);
  });
}
