/**
 * Owner stock endpoints (issue #4 "Catalog and stock"), both 'stock:edit' and CSRF-checked like
 * every owner write:
 * - PUT  /api/vitrine/owner/products/:productId/variants/:variantId/stock { qtyInStock?, unlimited? }
 * - POST /api/vitrine/owner/products/:productId/variants/:variantId/stock/adjust { delta }
 * Both answer the variant's stock `{ variantId, sku, unlimited, qtyInStock }`, the shape of the
 * shoppers' inventory endpoint. A write that leaves the variant in stock sends its pending
 * restock notices unless the store turned storeSettings.restockAutoSend off.
 */
import type { FastifyInstance } from 'fastify';
import { requireOwner, ownerOf } from '../owners/index.ts';
import { OWNER_PRODUCTS_PATH, type StoreAdminDeps } from './deps.ts';
import { adjustVariantStock, setVariantStock, type VariantStock } from './stock.ts';
import { adjustStockBody, setStockBody, variantParams } from './stock-requests.ts';

export const STOCK_PATH = `${OWNER_PRODUCTS_PATH}/:productId/variants/:variantId/stock`;

export function registerStockRoutes(app: FastifyInstance, deps: StoreAdminDeps): void {
  const guard = { preHandler: requireOwner('stock:edit') };
  const { db } = deps.database;

  app.put(STOCK_PATH, guard, async (request, reply): Promise<VariantStock> => {
    const params = variantParams.parse(request.params);
    const body = setStockBody.parse(request.body ?? {});
    const stock = await setVariantStock(db, { siteId: ownerOf(request).siteId, ...params }, body);
    deps.sites.invalidate({ siteId: ownerOf(request).siteId, what: 'stock' });
    await deps.restock?.afterStockChange(request, { ...params, ...stock });
    void reply.header('cache-control', 'no-store');
    return stock;
  });

  app.post(`${STOCK_PATH}/adjust`, guard, async (request, reply): Promise<VariantStock> => {
    const params = variantParams.parse(request.params);
    const { delta } = adjustStockBody.parse(request.body ?? {});
    const stock = await adjustVariantStock(
      db,
      { siteId: ownerOf(request).siteId, ...params },
      delta,
    );
    deps.sites.invalidate({ siteId: ownerOf(request).siteId, what: 'stock' });
    await deps.restock?.afterStockChange(request, { ...params, ...stock });
    void reply.header('cache-control', 'no-store');
    return stock;
  });
}
