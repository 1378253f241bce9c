/**
 * GET /api/vitrine/owner/store-settings → { coupons, shippingRates, taxRules } ('store:read');
 * PUT the same path with any of the three lists to replace them ('store:edit', CSRF-checked).
 */
import type { FastifyInstance } from 'fastify';
import type { CheckoutSettings } from '../../../shared/checkout/settings.ts';
import { ownerOf, requireOwner } from '../owners/index.ts';
import { OWNER_STORE_SETTINGS_PATH, type StoreAdminDeps } from './deps.ts';
import { readStoreSettings, replaceStoreSettings, storeSettingsBody } from './store-settings.ts';

export function registerStoreSettingsRoutes(app: FastifyInstance, deps: StoreAdminDeps): void {
  const { db } = deps.database;

  app.get(
    OWNER_STORE_SETTINGS_PATH,
    { preHandler: requireOwner('store:read') },
    async (request, reply): Promise<CheckoutSettings> => {
      void reply.header('cache-control', 'no-store');
      return readStoreSettings(db, ownerOf(request).siteId);
    },
  );

  app.put(
    OWNER_STORE_SETTINGS_PATH,
    { preHandler: requireOwner('store:edit') },
    async (request, reply): Promise<CheckoutSettings> => {
      const change = storeSettingsBody.parse(request.body ?? {});
      const settings = await replaceStoreSettings(db, ownerOf(request).siteId, change);
      deps.sites.invalidate({ siteId: ownerOf(request).siteId, what: 'settings' });
      void reply.header('cache-control', 'no-store');
      return settings;
    },
  );
}
