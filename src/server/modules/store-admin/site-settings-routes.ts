/**
 * GET /api/vitrine/owner/site-settings → { payLater, payLaterTeaser, captchaSettings,
 * cookieSettings }; PUT the same path with any of them to replace each whole. Both
 * 'settings:edit' (captcha and the cookie policy are the site's, not the store's).
 */
import type { FastifyInstance } from 'fastify';
import { ownerOf, requireOwner } from '../owners/index.ts';
import { OWNER_SITE_SETTINGS_PATH, type StoreAdminDeps } from './deps.ts';
import {
  changeSiteSettings,
  loadSiteSettings,
  siteSettingsBody,
  type OwnerSiteSettings,
} from './site-settings.ts';

export function registerSiteSettingsRoutes(app: FastifyInstance, deps: StoreAdminDeps): void {
  const { db } = deps.database;
  const guard = { preHandler: requireOwner('settings:edit') };

  app.get(OWNER_SITE_SETTINGS_PATH, guard, async (request, reply): Promise<OwnerSiteSettings> => {
    void reply.header('cache-control', 'no-store');
    return loadSiteSettings(db, ownerOf(request).siteId);
  });

  app.put(OWNER_SITE_SETTINGS_PATH, guard, async (request, reply): Promise<OwnerSiteSettings> => {
    const change = siteSettingsBody.parse(request.body ?? {});
    const settings = await changeSiteSettings(db, ownerOf(request).siteId, change);
    deps.sites.invalidate({ siteId: ownerOf(request).siteId, what: 'site' });
    void reply.header('cache-control', 'no-store');
    return settings;
  });
}
