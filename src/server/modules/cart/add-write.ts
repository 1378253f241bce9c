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
 * Each of the four shapes is prepared once (db/prepared.ts), so PostgreSQL plans it once per
 * connection instead of once per add.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { tracksStock } from '../../../shared/cart/purchase-rules.ts';
import type { GiftCardRecipient } from '../../../shared/giftcards/recipient.ts';
import { preparedRaw, schema, type AppDb } from '../../db/index.ts';
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

// Built once: a zod schema costs more to build than to run.
const outcomeRows = z.array(
  z.object({
    enough: z.boolean().nullable(),
    cart_id: z.string().nullable(),
    token: z.string().nullable(),
    created: z.coerce.date().nullable(),
  }),
);

/** Placeholders of the add statement; which of them a shape uses depends on its write. */
const value = (name: string) => sql.placeholder(name);

/**
 * The statement for one shape of write (existing cart or new, more of an entry or a new one),
 * prepared once under its name (db/prepared.ts): PostgreSQL plans it once per connection.
 */
function addStatement(existing: boolean, addTo: boolean) {
  return preparedRaw(
    `cart_add_${existing ? 'existing' : 'new'}_cart_${addTo ? 'more' : 'new'}_entry`,
    sql`
    with stock as (
      select ${value('untracked')}::boolean or v.unlimited
             or v.qty_in_stock >= ${value('quantity')}::int + coalesce((
                  select sum(e.quantity) from ${cartEntries} e
                   where e.cart_id = ${value('cartId')} and e.variant_id = ${value('variantId')}), 0) as enough
        from ${variants} v where v.id = ${value('variantId')}
    ),
    cart as (${existing ? lockExisting : insertCart}),
    entry as (${addTo ? addToEntry : insertEntry})
    select (select enough from stock) as enough,
           cart.id as cart_id, cart.token, cart.created
      from (select 1) as one left join cart on true`,
  );
}

/** Takes the cart row, only when the stock suffices; returns it (no row: nothing written). */
const lockExisting = sql`
      update ${carts} set updated_at = now()
       where id = ${value('cartId')} and xmin = ${value('version')}::xid and not is_purchased
         and (select enough from stock)
      returning id, token, created`;
const insertCart = sql`
    insert into ${carts} (id, token, site_id, currency, kind, site_user_id)
    select ${value('cartId')}, ${value('token')}, ${value('siteId')}, ${value('currency')}, ${value('kind')}, ${value('siteUserId')}
     where (select enough from stock)
    returning id, token, created`;

/** Writes the entry into the cart row `cart` returned; nothing when it returned none. */
const addToEntry = sql`
      update ${cartEntries} set quantity = quantity + ${value('quantity')}::int, updated_at = now()
       where id = ${value('entryId')} and cart_id = (select id from cart)
      returning id`;
const insertEntry = sql`
    insert into ${cartEntries}
      (id, cart_id, product_id, variant_id, quantity, additional_fields, gift_card_recipient, position)
    select ${value('entryId')}, cart.id, ${value('productId')}, ${value('variantId')}, ${value('quantity')}::int,
           ${value('answers')}::jsonb, ${value('recipient')}::jsonb, ${value('position')}::int
      from cart
    returning id`;

const statements = {
  existingMore: addStatement(true, true),
  existingNew: addStatement(true, false),
  newMore: addStatement(false, true),
  newNew: addStatement(false, false),
};

export async function writeAddedEntry(db: AppDb, write: AddWrite): Promise<AddWriteOutcome> {
  const cartId = 'existing' in write.cart ? write.cart.existing.id : randomUUID();
  const entryId = 'addTo' in write.entry ? write.entry.addTo : randomUUID();
  const existing = 'existing' in write.cart;
  const addTo = 'addTo' in write.entry;
  const statement = existing
    ? addTo
      ? statements.existingMore
      : statements.existingNew
    : addTo
      ? statements.newMore
      : statements.newNew;
  const result = await statement(db).execute({
    untracked: !tracksStock(write.productType),
    quantity: write.quantity,
    cartId,
    variantId: write.variantId,
    entryId,
    ...cartValues(write.cart),
    ...entryValues(write.entry),
  });
  const [row] = outcomeRows.parse(result.rows);
  if (!row) throw new Error('the add statement returned no row');
  if (row.enough === null) return { kind: 'no-variant' };
  if (!row.enough) return { kind: 'insufficient-stock' };
  if (row.cart_id === null || row.token === null || row.created === null)
    return { kind: 'cart-changed' };
  return { kind: 'written', cartId: row.cart_id, token: row.token, created: row.created, entryId };
}

function cartValues(target: WriteTarget): Record<string, unknown> {
  if ('existing' in target) return { version: target.existing.version };
  const { siteId, currency, kind, siteUserId } = target.create;
  return { token: newCartToken(), siteId, currency, kind, siteUserId };
}

function entryValues(entry: EntryWrite): Record<string, unknown> {
  if ('addTo' in entry) return {};
  const { productId, answers, giftCardRecipient, position } = entry.insert;
  return {
    productId,
    answers: answers === null ? null : JSON.stringify(answers),
    recipient: giftCardRecipient === null ? null : JSON.stringify(giftCardRecipient),
    position,
  };
}
