/**
 * Cart HTTP routes (docs/behaviour/cart.md#cart-calls):
 * - GET  /api/commerce/shopping-cart: the cart of the request's cart cookie, or an empty cart of
 *   the same shape when there is none;
 * - POST /api/commerce/shopping-cart/entries[?isExpress=true] → { shoppingCart, newlyAdded }
 *   (express adds `checkoutUrl`: its cart is separate, reachable only through that URL);
 * - PUT  /api/commerce/shopping-cart/entries/{entryId}/additionalFields → { shoppingCart, updatedEntry };
 * - Vitrine's PUT /api/vitrine/cart/entries/{entryId}/quantity → { shoppingCart, updatedEntry }
 *   and DELETE /api/vitrine/cart/entries/{entryId} → { shoppingCart, removedEntry };
 * - the plain HTML form posts of form-routes.ts.
 * Writes need the CSRF token (the global hook); every answer is `no-store`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { buildCart } from '../../../shared/cart/build-cart.ts';
import { emptyCart } from '../../../shared/cart/shopping-cart.ts';
import {
  addEntryBody,
  addEntryQuery,
  changeQuantityBody,
  entryParams,
  updateAdditionalFieldsBody,
} from '../../../shared/schemas/cart.ts';
import type { Database } from '../../db/index.ts';
import type { CurrentSite } from '../../http/current-site.ts';
import { addEntry } from './add-entry.ts';
import { changeQuantity } from './change-quantity.ts';
import { expressCheckoutUrl } from './checkout-url.ts';
import { findOpenCartByToken } from './cart-queries.ts';
import { clearCartCookies, readCartToken, setCartCookies } from './cart-cookies.ts';
import { registerCartFormRoutes } from './form-routes.ts';
import { removeEntry } from './remove-entry.ts';
import { updateAdditionalFields } from './update-additional-fields.ts';

export interface CartRouteDeps {
  readonly database: Database;
}

const getCartQuery = z.object({
  mock: z.enum(['true', 'false']).optional(),
  /** A cache-buster the storefront appends; any digits are accepted and ignored. */
  timecode: z
    .string()
    .regex(/^\d{1,20}$/, 'must be a number')
    .optional(),
});

export function registerCartRoutes(app: FastifyInstance, deps: CartRouteDeps): void {
  // Every answer is one visitor's cart: never kept by a cache.
  const currentSite = (request: FastifyRequest, reply: FastifyReply): CurrentSite => {
    void reply.header('cache-control', 'no-store');
    return request.site;
  };
  const options = { config: { site: 'required' } } as const;

  app.get('/api/commerce/shopping-cart', options, async (request, reply) => {
    const query = getCartQuery.parse(request.query);
    const site = currentSite(request, reply);
    const token = readCartToken(request);
    // A mock cart is a placeholder for previews: never the visitor's real cart.
    if (query.mock === 'true' || token === undefined) return emptyCart(site.id, site.currency);
    const found = await findOpenCartByToken(deps.database.db, site.id, token);
    if (!found) {
      clearCartCookies(reply);
      return emptyCart(site.id, site.currency);
    }
    return buildCart(found.cart, found.lines);
  });

  app.post('/api/commerce/shopping-cart/entries', options, async (request, reply) => {
    const express = addEntryQuery.parse(request.query).isExpress === 'true';
    const body = addEntryBody.parse(request.body);
    const site = currentSite(request, reply);
    const result = await addEntry(deps.database, {
      site,
      cartToken: readCartToken(request),
      express,
      itemId: body.itemId,
      variant: { sku: body.sku },
      quantity: body.quantity,
      additionalFields: body.additionalFields,
      siteUserId: request.siteUser?.id,
    });
    const { shoppingCart, newlyAdded } = result;
    if (express)
      return { shoppingCart, newlyAdded, checkoutUrl: expressCheckoutUrl(result.cartToken) };
    if (result.createdCart) setCartCookies(request, reply, result.cartToken);
    return { shoppingCart, newlyAdded };
  });

  app.put(
    '/api/commerce/shopping-cart/entries/:entryId/additionalFields',
    options,
    async (request, reply) => {
      const { entryId } = entryParams.parse(request.params);
      const body = updateAdditionalFieldsBody.parse(request.body);
      const site = currentSite(request, reply);
      return updateAdditionalFields(deps.database, {
        site,
        cartToken: readCartToken(request),
        entryId,
        itemId: body.itemId,
        sku: body.sku,
        additionalFields: body.additionalFields,
      });
    },
  );

  app.put('/api/vitrine/cart/entries/:entryId/quantity', options, async (request, reply) => {
    const { entryId } = entryParams.parse(request.params);
    const { quantity } = changeQuantityBody.parse(request.body);
    const site = currentSite(request, reply);
    return changeQuantity(deps.database, {
      site,
      cartToken: readCartToken(request),
      entryId,
      quantity,
    });
  });

  app.delete('/api/vitrine/cart/entries/:entryId', options, async (request, reply) => {
    const { entryId } = entryParams.parse(request.params);
    const site = currentSite(request, reply);
    return removeEntry(deps.database, { site, cartToken: readCartToken(request), entryId });
  });

  registerCartFormRoutes(app, deps);
}
