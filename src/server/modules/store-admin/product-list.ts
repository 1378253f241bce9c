/**
 * The owner product list: every product of the site whatever its status, in the store's order
 * (position, then id), a page at a time with a keyset cursor (the last product's id).
 */
import { and, asc, eq, gt, inArray, or } from 'drizzle-orm';
import { z } from 'zod';
import { isProductOnSale, isProductSoldOut } from '../../../shared/catalog/product-state.ts';
import { AppError } from '../../../shared/errors.ts';
import type { ProductPage, ProductSummary } from '../../../shared/owner-api/product-list.ts';
import { recordId } from '../../../shared/site-file/index.ts';
import { schema, type AppDb } from '../../db/index.ts';
import { imageSrc, imageUrlKind } from '../images/index.ts';

const { products, variants } = schema;

export const DEFAULT_PRODUCTS_PAGE = 25;
export const MAX_PRODUCTS_PAGE = 100;

export const productListQuery = z.strictObject({
  /** The id of the last product of the previous page. */
  cursor: recordId.optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PRODUCTS_PAGE).default(DEFAULT_PRODUCTS_PAGE),
});

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
      images: products.images,
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
            price: variants.price,
            salePrice: variants.salePrice,
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
    products: page.map(({ updatedAt, images, ...row }) => {
      const state = { productType: row.productType, variants: byProduct.get(row.id) ?? [] };
      const first = images[0];
      return {
        ...row,
        variantCount: state.variants.length,
        soldOut: isProductSoldOut(state),
        onSale: isProductOnSale(state),
        updated: updatedAt.getTime(),
        image:
          first && (first.original || imageUrlKind(first.url) !== 'file')
            ? { src: imageSrc(first, 100), alt: first.altText ?? '' }
            : null,
        priceRange: priceRange(state.variants),
        stockTotal: state.variants.some((variant) => variant.unlimited)
          ? null
          : state.variants.reduce((total, variant) => total + variant.qtyInStock, 0),
      };
    }),
    hasNextPage,
    nextPageCursor: hasNextPage ? (page.at(-1)?.id ?? null) : null,
  };
}

function priceRange(
  list: readonly { price: number; salePrice: number; onSale: boolean }[],
): ProductSummary['priceRange'] {
  if (list.length === 0) return null;
  const prices = list.map((variant) => (variant.onSale ? variant.salePrice : variant.price));
  return { min: Math.min(...prices), max: Math.max(...prices) };
}
