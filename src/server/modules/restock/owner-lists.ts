/**
 * The owner's restock lists (docs/behaviour/restock.md#owner-lists-and-sends), keyset-paged with opaque cursors:
 * - groups: one per (product, variant) with sign-ups, ordered by product id then variant id,
 *   with pending and sent counts and whether the variant is back in stock (sendable);
 * - sign-ups of one variant, oldest first by id.
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import {
  isBackInStock,
  RESTOCK_LIST_PAGE_SIZE,
  type RestockGroupsResponse,
  type RestockSignUpsResponse,
} from '../../../shared/restock/index.ts';
import { schema, type AppDb } from '../../db/index.ts';
import { decodeGroupCursor, decodeSignUpCursor, encodeCursor } from './cursor.ts';

const { restockSignups, products, variants } = schema;

export async function listSignUpGroups(
  db: AppDb,
  siteId: string,
  cursor: string | undefined,
  pageSize = RESTOCK_LIST_PAGE_SIZE,
): Promise<RestockGroupsResponse> {
  const after = cursor === undefined ? undefined : decodeGroupCursor(cursor);
  const rows = await db
    .select({
      productId: restockSignups.productId,
      variantId: restockSignups.variantId,
      productName: products.title,
      sku: variants.sku,
      attributes: variants.attributes,
      unlimited: variants.unlimited,
      qtyInStock: variants.qtyInStock,
      pendingCount: sql<number>`(count(*) filter (where ${restockSignups.sentAt} is null))::int`,
      sentCount: sql<number>`(count(*) filter (where ${restockSignups.sentAt} is not null))::int`,
    })
    .from(restockSignups)
    .innerJoin(products, eq(products.id, restockSignups.productId))
    .innerJoin(variants, eq(variants.id, restockSignups.variantId))
    .where(
      and(
        eq(restockSignups.siteId, siteId),
        after === undefined
          ? undefined
          : sql`(${restockSignups.productId}, ${restockSignups.variantId}) > (${after.productId}, ${after.variantId})`,
      ),
    )
    .groupBy(
      restockSignups.productId,
      restockSignups.variantId,
      products.title,
      variants.sku,
      variants.attributes,
      variants.unlimited,
      variants.qtyInStock,
    )
    .orderBy(asc(restockSignups.productId), asc(restockSignups.variantId))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  const hasNextPage = rows.length > pageSize && last !== undefined;
  return {
    signUpGroups: page.map(({ unlimited, qtyInStock, ...group }) => ({
      ...group,
      sendable: group.pendingCount > 0 && isBackInStock({ unlimited, qtyInStock }),
    })),
    hasNextPage,
    nextPageCursor: hasNextPage ? encodeCursor([last.productId, last.variantId]) : null,
  };
}

export async function listSignUps(
  db: AppDb,
  siteId: string,
  productId: string,
  variantId: string,
  cursor: string | undefined,
  pageSize = RESTOCK_LIST_PAGE_SIZE,
): Promise<RestockSignUpsResponse> {
  const afterId = cursor === undefined ? undefined : decodeSignUpCursor(cursor);
  const rows = await db
    .select()
    .from(restockSignups)
    .where(
      and(
        eq(restockSignups.siteId, siteId),
        eq(restockSignups.productId, productId),
        eq(restockSignups.variantId, variantId),
        afterId === undefined ? undefined : gt(restockSignups.id, afterId),
      ),
    )
    .orderBy(asc(restockSignups.id))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  const hasNextPage = rows.length > pageSize && last !== undefined;
  return {
    signUps: page.map((row) => ({
      id: String(row.id),
      productId: row.productId,
      variantId: row.variantId,
      email: row.email,
      isJoinMailingList: row.joinMailingList,
      created: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
    })),
    hasNextPage,
    nextPageCursor: hasNextPage ? encodeCursor([last.id]) : null,
  };
}
