/**
 * What the cart and checkout pages show beside each entry and the cart math does not need: the
 * product's page, its image (the chosen variant's main image, else the product's first) and the
 * titles of its extra-fields form, read in two queries for the whole cart.
 */
import { eq } from 'drizzle-orm';
import { schema, type AppDb } from '../../db/index.ts';
import { loadAnswerTitles } from '../forms/index.ts';
import { imageSrc } from '../images/index.ts';

const { cartEntries, products, variants } = schema;

export interface EntryImage {
  readonly url: string;
  readonly altText: string;
}

export interface EntryDetails {
  readonly fullUrl: string;
  readonly image: EntryImage | null;
  /** Field id → the field's title in the product's extra-fields form. */
  readonly fieldTitles: ReadonlyMap<string, string>;
  /** Option names in the product's display order (stored attributes do not keep an order). */
  readonly optionOrdering: readonly string[];
  /** The plan a subscribable product bills on (as stored; read with readSubscriptionPlan). */
  readonly subscriptionPlan: unknown;
}

export async function loadEntryDetails(
  db: AppDb,
  cartId: string,
): Promise<Map<string, EntryDetails>> {
  const rows = await db
    .select({
      entryId: cartEntries.id,
      fullUrl: products.fullUrl,
      title: products.title,
      images: products.images,
      mainImageId: variants.mainImageId,
      productId: cartEntries.productId,
      optionOrdering: products.variantOptionOrdering,
      isSubscribable: products.isSubscribable,
      subscriptionPlan: products.subscriptionPlan,
    })
    .from(cartEntries)
    .innerJoin(products, eq(products.id, cartEntries.productId))
    .innerJoin(variants, eq(variants.id, cartEntries.variantId))
    .where(eq(cartEntries.cartId, cartId));
  const titlesByProduct = await loadAnswerTitles(
    db,
    rows.map((row) => row.productId),
  );
  return new Map(
    rows.map((row) => {
      const image =
        row.images.find((candidate) => candidate.id === row.mainImageId) ?? row.images[0];
      return [
        row.entryId,
        {
          fullUrl: row.fullUrl,
          image: image ? { url: imageSrc(image), altText: image.altText ?? row.title } : null,
          fieldTitles: titlesByProduct.get(row.productId) ?? new Map<string, string>(),
          optionOrdering: row.optionOrdering,
          subscriptionPlan: row.isSubscribable ? row.subscriptionPlan : null,
        },
      ];
    }),
  );
}
