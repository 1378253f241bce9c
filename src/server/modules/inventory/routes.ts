/**
 * GET {apiRoot}/commerce/inventory/stock/?itemId= (docs/behaviour/products-and-variants.md#stock): one stock result per
 * variant, in the product's variant order, so a cached product page never offers stock that is
 * gone. Unknown and unpublished items are 404.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../shared/errors.ts';
import { stockQuery } from '../../../shared/schemas/cart.ts';
import type { Database } from '../../db/index.ts';
import type { StockResult } from '../catalog/index.ts';
import { findPublishedProduct } from './product-lookup.ts';

export interface InventoryRouteDeps {
  readonly database: Database;
}

export interface StockResponse {
  readonly results: StockResult[];
}

export function registerInventoryRoutes(app: FastifyInstance, deps: InventoryRouteDeps): void {
  const handler = async (request: FastifyRequest, reply: FastifyReply): Promise<StockResponse> => {
    const { itemId } = stockQuery.parse(request.query);
    const { site } = request;
    const product = await findPublishedProduct(deps.database.db, site.id, itemId);
    if (!product) throw new AppError('ITEM_NOT_FOUND');
    // Stock changes with every sale: never let a cache answer for the database.
    void reply.header('cache-control', 'no-store');
    return {
      results: product.variants.map((variant) => ({
        variantId: variant.id,
        sku: variant.sku,
        unlimited: variant.unlimited,
        qtyInStock: variant.qtyInStock,
      })),
    };
  };
  // The spec's path ends with a slash; callers that drop it get the same answer.
  const options = { config: { site: 'required' } } as const;
  app.get('/api/commerce/inventory/stock/', options, handler);
  app.get('/api/commerce/inventory/stock', options, handler);
}
