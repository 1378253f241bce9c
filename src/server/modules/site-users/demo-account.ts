/**
 * The demo store's customer account, made on the first start that imports the demo, so members
 * pages, the account page and the guest-cart merge can be tried at once. Only the demo gets it:
 * `vitrine import` of a merchant's own site creates no account.
 */
import type { Database } from '../../db/index.ts';
import { createSiteUser } from './create-account.ts';

export const DEMO_SITE_USER = { email: 'shopper@example.com', password: 'vitrine-demo' } as const;

/** Creates the demo account unless the site already has it. */
export async function addDemoSiteUser(database: Database, siteId: string): Promise<void> {
  await createSiteUser(database.db, siteId, DEMO_SITE_USER.email, DEMO_SITE_USER.password);
}
