/**
 * The site this process serves: the first one imported (one site per database for now). It
 * sits with the database layer because the request hook (http/) and the CLI read it before
 * any module is involved.
 */
import { asc, eq } from 'drizzle-orm';
import { preparedPerHandle } from './prepared.ts';
import * as schema from './schema.ts';
import type { AppDb, AppTx } from './types.ts';

const { sites } = schema;

export type SiteRow = typeof sites.$inferSelect;

// Keyed by the handle: a transaction gets its own statement (prepared.ts).
const statements = preparedPerHandle((db: AppDb) => ({
  firstSite: db
    .select()
    .from(sites)
    .orderBy(asc(sites.createdAt), asc(sites.id))
    .limit(1)
    .prepare('first_site'),
}));

/**
 * A site's stored settings read now, not from the cached site: an owner's change (captcha,
 * mailing lists) applies to the next request. Unknown site: {}.
 */
export async function getSiteSettings(db: AppDb | AppTx, siteId: string): Promise<unknown> {
  const [row] = await db
    .select({ settings: sites.settings })
    .from(sites)
    .where(eq(sites.id, siteId));
  return row?.settings ?? {};
}

export async function getSite(db: AppDb): Promise<SiteRow | undefined> {
  const [site] = await statements(db).firstSite.execute();
  return site;
}
