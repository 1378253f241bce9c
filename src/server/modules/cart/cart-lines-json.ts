/**
 * A cart's lines as one json value computed in the statement that reads the cart, so reading a
 * cart with its lines is one round trip instead of two (the cart row, then the join of
 * entry-rows.ts). The lines are in cart order, each priced at what its variant costs now (the sale
 * price while the variant is on sale, as unitPriceOf says in code), with the fields of
 * StoredCartLine.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { GiftCardRecipient } from '../../../shared/giftcards/recipient.ts';
import { schema } from '../../db/index.ts';

const { cartEntries, products, variants } = schema;

/** The lines of the cart whose id is `cartId` (a column of the outer query), '[]' for none. */
export function cartLinesJson(cartId: SQL): SQL {
  return sql`coalesce((
        select json_agg(json_build_object(
                 'id', e.id, 'itemId', e.product_id, 'variantId', e.variant_id,
                 'quantity', e.quantity, 'productType', p.product_type, 'title', p.title,
                 'sku', v.sku, 'attributes', v.attributes,
                 'unitPriceCents', case when v.on_sale then v.sale_price else v.price end,
                 'additionalFields', e.additional_fields,
                 'giftCardRecipient', e.gift_card_recipient)
               order by e.position, e.created_at, e.id)
          from ${cartEntries} e
          join ${products} p on p.id = e.product_id
          join ${variants} v on v.id = e.variant_id
         where e.cart_id = ${cartId}
      ), '[]'::json)`;
}

/** What cartLinesJson answers, checked as it is read. */
export const cartLinesSchema = z.array(
  z.object({
    id: z.string(),
    itemId: z.string(),
    variantId: z.string(),
    quantity: z.number(),
    productType: z.number(),
    title: z.string(),
    sku: z.string().nullable(),
    attributes: z.record(z.string(), z.string()),
    unitPriceCents: z.number(),
    additionalFields: z.record(z.string(), z.unknown()).nullable(),
    giftCardRecipient: z.custom<GiftCardRecipient | null>(
      (value) => value === null || typeof value === 'object',
    ),
  }),
);
