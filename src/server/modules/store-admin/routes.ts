/**
 * The store administration endpoints under /api/vitrine/owner/: stock, products, store settings
 * and the site settings beside them (pay-later, captcha, cookie policy).
 */
import type { FastifyInstance } from 'fastify';
import type { StoreAdminDeps } from './deps.ts';
import { registerProductRoutes } from './product-routes.ts';
import { registerSiteSettingsRoutes } from './site-settings-routes.ts';
import { registerStockRoutes } from './stock-routes.ts';
import { registerStoreSettingsRoutes } from './store-settings-routes.ts';

export function registerStoreAdminRoutes(app: FastifyInstance, deps: StoreAdminDeps): void {
  registerStockRoutes(app, deps);
  registerProductRoutes(app, deps);
  registerStoreSettingsRoutes(app, deps);
  registerSiteSettingsRoutes(app, deps);
}
