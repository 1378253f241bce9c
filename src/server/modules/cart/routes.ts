/**
 * Cart HTTP routes. GET /api/commerce/shopping-cart answers the cart of the request's cart
 * cookie, or an empty cart of the same shape when there is none.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { buildCart } from '../../../shared/cart/build-cart.ts';
import { emptyCart } from '../../../shared/cart/shopping-cart.ts';
import { AppError } from '../../../shared/errors.ts';
import type { Database } from '../../db/index.ts';
import type { SiteResolver } from '../../http/current-site.ts';
import { findOpenCartByToken } from './cart-queries.ts';
import { clearCartCookies, readCartToken } from './cart-cookies.ts';

export interface CartRouteDeps {
  readonly database: Database;
  readonly sites: SiteResolver;
}

const getCartQuery = z.object({
  mock: z.enum(['true', 'false']).optional(),
  /** A cache-buster the storefront appends; any digits are accepted and ignored. */
  timecode: z.string().regex(/^\d{1,20}$/, 'must be a number').optional(),
});

export function registerCartRoutes(app: FastifyInstance, deps: CartRouteDeps): void {
  app.get('/api/commerce/shopping-cart', async (request, reply) => {
    const query = getCartQuery.parse(request.query);
    const site = await deps.sites.current();
    if (!site) throw new AppError('NOT_FOUND');
    void reply.header('cache-control', 'no-store');
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
}
