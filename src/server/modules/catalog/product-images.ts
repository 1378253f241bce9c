/**
 * Product images looked up by their own ids, for the pages that name them outside a product: a
 * page's gallery blocks and the home page's hero and collection teaser.
 */
import { and, eq, or, sql } from 'drizzle-orm';
import { schema, type AppDb } from '../../db/index.ts';
import type { ProductImage } from '../../db/schema.ts';

const { products } = schema;

/** The images of the site's products with these ids, by id; ids no product holds are absent. */
export async function productImages(
  db: AppDb,
  siteId: string,
  ids: readonly string[],
): Promise<Map<string, ProductImage>> {
  const found = new Map<string, ProductImage>();
  if (ids.length === 0) return found;
  const rows = await db
    .select({ images: products.images })
    .from(products)
    .where(
      and(
        eq(products.siteId, siteId),
        or(...ids.map((id) => sql`${products.images} @> ${JSON.stringify([{ id }])}::jsonb`)),
      ),
    );
  const wanted = new Set(ids);
  for (const row of rows)
    for (const image of row.images) if (wanted.has(image.id)) found.set(image.id, image);
  return found;
}
