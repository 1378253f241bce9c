/**
 * The one join that reads cart entries with the product and the variant each points at, and the
 * columns a cart line is built from. Callers add their own condition (a cart's entries, one entry
 * of a cart) and order.
 */
import { eq } from 'drizzle-orm';
import { schema, type AppDb } from '../../db/index.ts';

const { cartEntries, products, variants } = schema;

export function selectEntryRows(db: AppDb) {
  return db
    .select({
      id: cartEntries.id,
      itemId: cartEntries.productId,
      variantId: cartEntries.variantId,
      quantity: cartEntries.quantity,
      productType: products.productType,
      title: products.title,
      sku: variants.sku,
      attributes: variants.attributes,
      price: variants.price,
      salePrice: variants.salePrice,
      onSale: variants.onSale,
      additionalFields: cartEntries.additionalFields,
      giftCardRecipient: cartEntries.giftCardRecipient,
    })
    .from(cartEntries)
    .innerJoin(products, eq(products.id, cartEntries.productId))
    .innerJoin(variants, eq(variants.id, cartEntries.variantId));
}
