/**
 * Changes the demo site's settings in place, as an owner's save would: the site styles merged
 * over the imported ones (colours, content width, sticky header…), or any other setting.
 */
import { eq } from 'drizzle-orm';
import { schema, type Database } from '../../src/server/db/index.ts';
import type { SiteSettings } from '../../src/server/db/schema-sites.ts';

/** Replaces the one site's settings with what `change` makes of them. */
export async function updateSiteSettings(
  database: Database,
  change: (settings: SiteSettings) => SiteSettings,
): Promise<void> {
  const { db } = database;
  const [site] = await db.select().from(schema.sites);
  if (!site) throw new Error('the demo site is missing');
  await db
    .update(schema.sites)
    .set({ settings: change(site.settings) })
    .where(eq(schema.sites.id, site.id));
}

/** Sets these site styles over the site's own, keeping the rest. */
export function setSiteStyles(database: Database, styles: Record<string, unknown>): Promise<void> {
  return updateSiteSettings(database, (settings) => ({
    ...settings,
    siteStyles: { ...(settings.siteStyles as object | undefined), ...styles },
  }));
}
