/**
 * The owner product list: every product of the site whatever its status, in the store's order
 * (position, then id), a page at a time with a keyset cursor (the last product's id).
 */
import { and, asc, eq, gt, inArray, or } from 'drizzle-orm';
import { z } from 'zod';
import { isProductOnSale, isProductSoldOut } from '../../../shared/catalog/product-state.ts';
import { AppError } from '../../../shared/errors.ts';
import { recordId, type ContentStatus } from '../../../shared/site-file/index.ts';
import { schema, type AppDb } from '../../db/index.ts';

const { products, variants } = schema;

export const DEFAULT_PRODUCTS_PAGE = 25;
export const MAX_PRODUCTS_PAGE = 100;

export const productListQuery = z.strictObject({
  /** The id of the last product of the previous page. */
  cursor: recordId.optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PRODUCTS_PAGE).default(DEFAULT_PRODUCTS_PAGE),
});

export interface ProductSummary {
  readonly id: string;
  readonly collectionId: string | null;
  readonly title: string;
  readonly fullUrl: string;
  readonly productType: number;
  readonly status: ContentStatus;
  readonly variantCount: number;
  readonly soldOut: boolean;
  readonly onSale: boolean;
  /** Last change, epoch milliseconds. */
  readonly updated: number;
}

export interface ProductPage {
  readonly products: ProductSummary[];
  readonly hasNextPage: boolean;
  readonly nextPageCursor: string | null;
}

export async function listProducts(
  db: AppDb,
  siteId: string,
  query: z.output<typeof productListQuery>,
): Promise<ProductPage> {
  let after;
  if (query.cursor !== undefined) {
    const [last] = await db
      .select({ position: products.position, id: products.id })
      .from(products)
      .where(and(eq(products.id, query.cursor), eq(products.siteId, siteId)));
    if (!last)
      throw new AppError('VALIDATION_FAILED', {
        fields: { cursor: 'Not a cursor from this list' },
      });
    after = or(
      gt(products.position, last.position),
      and(eq(products.position, last.position), gt(products.id, last.id)),
    );
  }
  const rows = await db
    .select({
      id: products.id,
      collectionId: products.collectionId,
      title: products.title,
      fullUrl: products.fullUrl,
      productType: products.productType,
      status: products.status,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .where(and(eq(products.siteId, siteId), after))
    .orderBy(asc(products.position), asc(products.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const hasNextPage = rows.length > query.limit;

  const variantRows =
    page.length === 0
      ? []
      : await db
          .select({
            productId: variants.productId,
            unlimited: variants.unlimited,
            qtyInStock: variants.qtyInStock,
            onSale: variants.onSale,
          })
          .from(variants)
          .where(
            inArray(
              variants.productId,
              page.map((row) => row.id),
            ),
          );
  const byProduct = new Map<string, (typeof variantRows)[number][]>();
  for (const row of variantRows) {
    const list = byProduct.get(row.productId);
    if (list) list.push(row);
    else byProduct.set(row.productId, [row]);
  }

  return {
    products: page.map(({ updatedAt, ...row }) => {
      const state = { productType: row.productType, variants: byProduct.get(row.id) ?? [] };
      return {
        ...row,
        variantCount: state.variants.length,
        soldOut: isProductSoldOut(state),
        onSale: isProductOnSale(state),
        updated: updatedAt.getTime(),
      };
    }),
    hasNextPage,
    nextPageCursor: hasNextPage ? (page.at(-1)?.id ?? null) : null,
  };
}
