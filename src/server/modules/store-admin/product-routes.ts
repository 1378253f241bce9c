/**
 * Owner product endpoints (issue #4 "Catalog and stock"):
 * - GET   /api/vitrine/owner/products?cursor&limit → { products, hasNextPage, nextPageCursor } ('store:read')
 * - GET   /api/vitrine/owner/products/:productId → { product } in the site-file format ('store:read')
 * - PATCH /api/vitrine/owner/products/:productId → { product } ('store:edit', CSRF-checked)
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../shared/errors.ts';
import { recordId } from '../../../shared/site-file/index.ts';
import { ownerOf, requireOwner } from '../owners/index.ts';
import { OWNER_PRODUCTS_PATH, type StoreAdminDeps } from './deps.ts';
import { editProduct } from './product-edit.ts';
import type { ProductPage } from '../../../shared/owner-api/product-list.ts';
import { listProducts, productListQuery } from './product-list.ts';
import { productPatch } from './product-patch.ts';
import { loadProductRecord, type ProductRecord } from './product-record.ts';

const productParams = z.strictObject({ productId: recordId });

export function registerProductRoutes(app: FastifyInstance, deps: StoreAdminDeps): void {
  const read = { preHandler: requireOwner('store:read') };
  const edit = { preHandler: requireOwner('store:edit') };
  const { db } = deps.database;

  app.get(OWNER_PRODUCTS_PATH, read, async (request, reply): Promise<ProductPage> => {
    const query = productListQuery.parse(request.query);
    void reply.header('cache-control', 'no-store');
    return listProducts(db, ownerOf(request).siteId, query);
  });

  app.get(
    `${OWNER_PRODUCTS_PATH}/:productId`,
    read,
    async (request, reply): Promise<{ product: ProductRecord }> => {
      const { productId } = productParams.parse(request.params);
      const product = await loadProductRecord(db, ownerOf(request).siteId, productId);
      if (!product) throw new AppError('PRODUCT_NOT_FOUND');
      void reply.header('cache-control', 'no-store');
      return { product };
    },
  );

  app.patch(
    `${OWNER_PRODUCTS_PATH}/:productId`,
    edit,
    async (request, reply): Promise<{ product: ProductRecord }> => {
      const { productId } = productParams.parse(request.params);
      const patch = productPatch.parse(request.body ?? {});
      const product = await editProduct(deps.database, ownerOf(request).siteId, productId, patch);
      deps.sites.invalidate({ siteId: ownerOf(request).siteId, what: 'catalog' });
      void reply.header('cache-control', 'no-store');
      return { product };
    },
  );
}
