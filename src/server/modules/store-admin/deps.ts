/** What the store administration routes need from createApp, and where they live. */
import type { Database } from '../../db/index.ts';
import type { SiteResolver } from '../../http/current-site.ts';
import type { RestockAutoSender } from '../restock/index.ts';

export interface StoreAdminDeps {
  readonly database: Database;
  /** Invalidated after every successful edit, so cached site and page context is dropped. */
  readonly sites: SiteResolver;
  /** Sends pending restock notices after a stock edit; absent: stock edits send nothing. */
  readonly restock?: RestockAutoSender;
}

export const OWNER_PRODUCTS_PATH = '/api/vitrine/owner/products';
export const OWNER_STORE_SETTINGS_PATH = '/api/vitrine/owner/store-settings';
export const OWNER_SITE_SETTINGS_PATH = '/api/vitrine/owner/site-settings';
