/**
 * An add to cart's write, in one statement (docs/behaviour/cart.md#add-to-cart-checks): it
 * checks the variant's stock against what the cart holds of that variant plus what is added, and
 * only then takes the cart row (locking an existing cart by an UPDATE that holds only while the
 * cart is still at the version add-context.ts read, or inserting a new one) and writes the entry:
 * bumps the quantity of the entry the shared rules chose, or inserts a new one.
 *
 * A single statement is its own transaction, so the add holds no connection between round trips
 * and writes all or nothing. Under READ COMMITTED the UPDATE that waits for another writer's
 * lock re-checks its condition against the row as that writer committed it: a cart changed since
 * the read (every cart write updates the cart row) is not written and the add reads again.
 * The stock is read without a lock, as before (cart-locks.ts): checkout takes the stock.
 */
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { tracksStock } from '../../../shared/cart/purchase-rules.ts';
import type { GiftCardRecipient } from '../../../shared/giftcards/recipient.ts';
import { schema, type AppDb } from '../../db/index.ts';
import type { CartKind } from '../../db/schema.ts';
import { newCartToken } from './cart-locks.ts';

const { carts, cartEntries, variants } = schema;

/** The cart the add writes to: the one it read, at the version it read, or a new one. */
export type WriteTarget =
  | { readonly existing: { readonly id: string; readonly version: string } }
  | {
      readonly create: {
        readonly siteId: string;
        readonly currency: string;
        readonly kind: CartKind;
        readonly siteUserId: string | null;
      };
    };

/** What goes into the cart: more of an entry, or a new entry at `position`. */
export type EntryWrite =
  | { readonly addTo: string }
  | {
      readonly insert: {
        readonly productId: string;
        readonly answers: Record<string, unknown> | null;
        readonly giftCardRecipient: GiftCardRecipient | null;
        readonly position: number;
      };
    };

export interface AddWrite {
  readonly cart: WriteTarget;
  readonly entry: EntryWrite;
  readonly productType: number;
  readonly variantId: string;
  readonly quantity: number;
}

export type AddWriteOutcome =
  | {
      readonly kind: 'written';
      readonly cartId: string;
      readonly token: string;
      readonly created: Date;
      readonly entryId: string;
    }
  /** The variant is gone from the catalog. */
  | { readonly kind: 'no-variant' }
  /** The cart would hold more of the variant than is in stock. */
  | { readonly kind: 'insufficient-stock' }
  /** The cart changed (or was bought) after it was read: nothing written, read it again. */
  | { readonly kind: 'cart-changed' };

const outcomeRow = z.object({
  enough: z.boolean().nullable(),
  cart_id: z.string().nullable(),
  token: z.string().nullable(),
  created: z.coerce.date().nullable(),
});

export async function writeAddedEntry(db: AppDb, write: AddWrite): Promise<AddWriteOutcome> {
  const cartId = 'existing' in write.cart ? write.cart.existing.id : randomUUID();
  const entryId = 'addTo' in write.entry ? write.entry.addTo : randomUUID();
  const result = await db.execute(sql`
    with stock as (
      select ${!tracksStock(write.productType)}::boolean or v.unlimited
             or v.qty_in_stock >= ${write.quantity}::int + coalesce((
                  select sum(e.quantity) from ${cartEntries} e
                   where e.cart_id = ${cartId} and e.variant_id = ${write.variantId}), 0) as enough
        from ${variants} v where v.id = ${write.variantId}
    ),
    cart as (${cartStatement(write.cart, cartId)}),
    entry as (${entryStatement(write, entryId)})
    select (select enough from stock) as enough,
           cart.id as cart_id, cart.token, cart.created
      from (select 1) as one left join cart on true`);
  // Both drivers' raw results carry `rows` (PGlite Results, pg QueryResult).
  const [row] = z.array(outcomeRow).parse((result as { rows: unknown[] }).rows);
  if (!row) throw new Error('the add statement returned no row');
  if (row.enough === null) return { kind: 'no-variant' };
  if (!row.enough) return { kind: 'insufficient-stock' };
  if (row.cart_id === null || row.token === null || row.created === null)
    return { kind: 'cart-changed' };
  return { kind: 'written', cartId: row.cart_id, token: row.token, created: row.created, entryId };
}

/** Takes the cart row, only when the stock suffices; returns it (no row: nothing written). */
function cartStatement(target: WriteTarget, cartId: string): SQL {
  if ('existing' in target) {
    return sql`
      update ${carts} set updated_at = now()
       where id = ${cartId} and xmin = ${target.existing.version}::xid and not is_purchased
         and (select enough from stock)
      returning id, token, created`;
  }
  const { siteId, currency, kind, siteUserId } = target.create;
  return sql`
    insert into ${carts} (id, token, site_id, currency, kind, site_user_id)
    select ${cartId}, ${newCartToken()}, ${siteId}, ${currency}, ${kind}, ${siteUserId}
     where (select enough from stock)
    returning id, token, created`;
}

/** Writes the entry into the cart row `cart` returned; nothing when it returned none. */
function entryStatement(write: AddWrite, entryId: string): SQL {
  if ('addTo' in write.entry) {
    return sql`
      update ${cartEntries} set quantity = quantity + ${write.quantity}::int, updated_at = now()
       where id = ${entryId} and cart_id = (select id from cart)
      returning id`;
  }
  const { productId, answers, giftCardRecipient, position } = write.entry.insert;
  return sql`
    insert into ${cartEntries}
      (id, cart_id, product_id, variant_id, quantity, additional_fields, gift_card_recipient, position)
    select ${entryId}, cart.id, ${productId}, ${write.variantId}, ${write.quantity}::int,
           ${answers === null ? null : JSON.stringify(answers)}::jsonb,
           ${giftCardRecipient === null ? null : JSON.stringify(giftCardRecipient)}::jsonb,
           ${position}::int
      from cart
    returning id`;
}
