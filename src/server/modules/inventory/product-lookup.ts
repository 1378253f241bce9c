/**
 * A published product of the site with its variants in the product's variant order, by the
 * `itemId` the storefront sends. Prepared once per handle: the stock endpoint runs on every
 * product page load. Unpublished products (draft, needs review, private, scheduled before their
 * time) are not found.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { preparedPerHandle, schema, type AppDb } from '../../db/index.ts';
import type { ProductWithVariants } from '../catalog/index.ts';
import { publishedNow } from '../content/index.ts';

const { products, variants } = schema;

function prepare(db: AppDb) {
  return db.query.products
    .findFirst({
      where: and(
        eq(products.id, sql.placeholder('itemId')),
        eq(products.siteId, sql.placeholder('siteId')),
        publishedNow(products),
      ),
      with: { variants: { orderBy: [asc(variants.position), asc(variants.id)] } },
    })
    .prepare('inventory_published_product');
}

const statement = preparedPerHandle(prepare);

export async function findPublishedProduct(
  db: AppDb,
  siteId: string,
  itemId: string,
): Promise<ProductWithVariants | undefined> {
  return statement(db).execute({ siteId, itemId });
}
