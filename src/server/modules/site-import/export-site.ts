/**
 * Exports a site as a site file (the format of demo/site.json): the inverse of importSite, so
 * `vitrine export` then `vitrine import` is a no-op. Records come out in their stored order;
 * NULL columns become absent fields.
 */
import { performanceSettings } from '../../db/schema-telemetry.ts';
import { asc, eq } from 'drizzle-orm';
import type { SiteFile } from '../../../shared/site-file/index.ts';
import { getSite, schema, type AppDb, type Database } from '../../db/index.ts';
import { exportContentItems } from './export-content.ts';
import { optional, productToRecord } from './product-record.ts';

const { sites, forms, collections, pages, products, variants, reviews, contentItems } = schema;

/** Exports the site with `siteId`, or the site this database serves when omitted. */
export async function exportSite(database: Database, siteId?: string): Promise<SiteFile> {
  // One transaction, so the file is a consistent snapshot even while the store sells.
  return database.withTransaction((tx) => readSite(tx, siteId));
}

async function readSite(db: AppDb, siteId: string | undefined): Promise<SiteFile> {
  const site =
    siteId === undefined
      ? await getSite(db)
      : (await db.select().from(sites).where(eq(sites.id, siteId)))[0];
  if (!site)
    throw new Error(
      siteId ? `No site "${siteId}" in the database.` : 'The database holds no site.',
    );

  // Sequential on purpose: a transaction is one connection, so parallel queries gain nothing.
  const formRows = await db
    .select()
    .from(forms)
    .where(eq(forms.siteId, site.id))
    .orderBy(asc(forms.createdAt), asc(forms.id));
  const collectionRows = await db
    .select()
    .from(collections)
    .where(eq(collections.siteId, site.id))
    .orderBy(asc(collections.position), asc(collections.id));
  const pageRows = await db
    .select()
    .from(pages)
    .where(eq(pages.siteId, site.id))
    .orderBy(asc(pages.position), asc(pages.id));
  const productRows = await db
    .select()
    .from(products)
    .where(eq(products.siteId, site.id))
    .orderBy(asc(products.position), asc(products.id));
  const reviewRows = await db
    .select()
    .from(reviews)
    .where(eq(reviews.siteId, site.id))
    .orderBy(asc(reviews.reviewDate), asc(reviews.id));
  const itemRows = await db
    .select()
    .from(contentItems)
    .where(eq(contentItems.siteId, site.id))
    .orderBy(asc(contentItems.recordType), asc(contentItems.position), asc(contentItems.id));
  const variantRows = await db
    .select()
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(eq(products.siteId, site.id))
    .orderBy(asc(variants.productId), asc(variants.position), asc(variants.id));
  const variantsByProduct = new Map<string, (typeof variants.$inferSelect)[]>();
  for (const { variants: variant } of variantRows) {
    const list = variantsByProduct.get(variant.productId);
    if (list) list.push(variant);
    else variantsByProduct.set(variant.productId, [variant]);
  }

  const { currency, timeZone, language, ...stored } = site.settings;
  // The rollout flags as they are now: an owner may have changed them since the import.
  const [performance] = await db
    .select({ flags: performanceSettings.flags })
    .from(performanceSettings)
    .where(eq(performanceSettings.siteId, site.id));
  const settings = performance ? { ...stored, performanceFlags: performance.flags } : stored;
  return {
    website: {
      id: site.id,
      title: site.title,
      currency,
      timeZone,
      language,
      // Stored settings were validated as JSON on import; the cast restates what was checked.
      settings: settings as SiteFile['website']['settings'],
    },
    collections: collectionRows.map((c) => ({
      id: c.id,
      title: c.title,
      fullUrl: c.fullUrl,
      type: c.type,
      ...status(c.status),
      ...optional('publishOn', c.publishOn?.toISOString() ?? null),
      ...optional('description', c.description),
      ...optional('passwordHash', c.passwordHash),
      membersOnly: c.membersOnly,
      view: c.view,
      likeCount: c.likeCount,
    })),
    pages: pageRows.map((p) => ({
      id: p.id,
      title: p.title,
      fullUrl: p.fullUrl,
      ...status(p.status),
      ...optional('publishOn', p.publishOn?.toISOString() ?? null),
      ...optional('description', p.description),
      ...optional('body', p.body),
      blocks: p.blocks.map((block) => ({ ...block, type: String(block.type) })),
      ...optional('passwordHash', p.passwordHash),
      membersOnly: p.membersOnly,
    })),
    products: productRows.map((p) =>
      productToRecord(p, variantsByProduct.get(p.id) ?? [], { showPublished: false }),
    ),
    forms: formRows.map((f) => ({
      id: f.id,
      name: f.name,
      // Field types were validated on import; the column type is looser than the file's.
      fields: f.fields as SiteFile['forms'][number]['fields'],
      ...f.settings,
      captchaEnabled: f.settings.captchaEnabled ?? false,
    })),
    reviews: reviewRows.map((r) => ({
      id: r.id,
      productId: r.productId,
      userName: r.userName,
      reviewDate: r.reviewDate.toISOString(),
      starRating: r.starRating,
      reviewText: r.reviewText,
      ...optional('imageUrl', r.imageUrl),
    })),
    ...exportContentItems(itemRows),
  };
}

/** Published is the default, so only other statuses are written. */
function status(value: SiteFile['products'][number]['status'] | undefined) {
  return value === undefined || value === 'published' ? {} : { status: value };
}
