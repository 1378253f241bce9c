/**
 * The cart side of login and logout, written against the cart tables directly (the cart module
 * owns the cart endpoints; this file only moves carts between a visitor and a site user).
 *
 * Login: the guest cart of the cart cookie joins the user's open cart (see merge-plan.ts); with no
 * user cart the guest cart simply becomes the user's. Logout with cloneCart: the now-anonymous
 * visitor gets a copy of the user's cart, and the user's own cart stays theirs for the next login.
 *
 * Locks: cart rows first (FOR UPDATE), then variant rows in id order, the order the cart module
 * uses, so a login never deadlocks with an add to cart.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { schema, type AppTx } from '../../db/index.ts';
import { planMerge, type MergeVariant } from './merge-plan.ts';

const { carts, cartEntries, variants, products } = schema;

type CartRow = typeof carts.$inferSelect;

/** A cart a shopper still fills: standard (not express or a subscription's), not bought. */
const openStandardCart = and(eq(carts.kind, 'standard'), eq(carts.isPurchased, false));

function lockGuestCart(
  tx: AppTx,
  siteId: string,
  token: string,
  userId: string,
): Promise<CartRow[]> {
  return lockOpenCart(
    tx,
    siteId,
    eq(carts.token, token),
    // Another user's cart left behind on a shared browser is never merged into this one.
    or(isNull(carts.siteUserId), eq(carts.siteUserId, userId)),
  );
}

function lockUserCart(
  tx: AppTx,
  siteId: string,
  userId: string,
  exceptId: string | undefined,
): Promise<CartRow[]> {
  return lockOpenCart(
    tx,
    siteId,
    eq(carts.siteUserId, userId),
    exceptId === undefined ? undefined : ne(carts.id, exceptId),
  );
}

/**
 * The site's open (standard, not purchased) cart matching `match`, locked FOR UPDATE: the most
 * recently changed one when several match (tokens are unique, so a guest cart is at most one).
 */
function lockOpenCart(
  tx: AppTx,
  siteId: string,
  ...match: (SQL | undefined)[]
): Promise<CartRow[]> {
  return tx
    .select()
    .from(carts)
    .where(and(openStandardCart, eq(carts.siteId, siteId), ...match))
    .orderBy(desc(carts.updatedAt), desc(carts.id))
    .limit(1)
    .for('update');
}

function entriesOf(tx: AppTx, cartId: string) {
  return tx
    .select({
      id: cartEntries.id,
      productId: cartEntries.productId,
      variantId: cartEntries.variantId,
      quantity: cartEntries.quantity,
      additionalFields: cartEntries.additionalFields,
      position: cartEntries.position,
    })
    .from(cartEntries)
    .where(eq(cartEntries.cartId, cartId))
    .orderBy(asc(cartEntries.position), asc(cartEntries.createdAt), asc(cartEntries.id));
}

async function lockVariants(tx: AppTx, ids: readonly string[]): Promise<Map<string, MergeVariant>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({
      id: variants.id,
      unlimited: variants.unlimited,
      qtyInStock: variants.qtyInStock,
      productType: products.productType,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(inArray(variants.id, [...ids]))
    .orderBy(asc(variants.id))
    .for('update', { of: variants });
  return new Map(rows.map(({ id, ...variant }) => [id, variant]));
}

export interface LoginCartResult {
  /** The token the cart cookie should carry now, or undefined when the user has no cart. */
  readonly token: string | undefined;
  readonly unitsDropped: number;
}

export async function mergeCartsOnLogin(
  tx: AppTx,
  siteId: string,
  userId: string,
  guestToken: string | undefined,
): Promise<LoginCartResult> {
  const [guest] =
    guestToken === undefined ? [] : await lockGuestCart(tx, siteId, guestToken, userId);
  const [own] = await lockUserCart(tx, siteId, userId, guest?.id);
  if (!guest) return { token: own?.token, unitsDropped: 0 };
  if (!own) {
    if (guest.siteUserId !== userId) {
      await tx
        .update(carts)
        .set({ siteUserId: userId, updatedAt: sql`now()` })
        .where(eq(carts.id, guest.id));
    }
    return { token: guest.token, unitsDropped: 0 };
  }

  const userEntries = await entriesOf(tx, own.id);
  const guestEntries = await entriesOf(tx, guest.id);
  const variantIds = [
    ...new Set([...userEntries, ...guestEntries].map((entry) => entry.variantId)),
  ].sort();
  const plan = planMerge(userEntries, guestEntries, await lockVariants(tx, variantIds));

  for (const update of plan.updates) {
    await tx
      .update(cartEntries)
      .set({ quantity: update.quantity, updatedAt: sql`now()` })
      .where(and(eq(cartEntries.id, update.entryId), eq(cartEntries.cartId, own.id)));
  }
  const nextPosition = userEntries.reduce((max, entry) => Math.max(max, entry.position), -1) + 1;
  if (plan.inserts.length > 0) {
    await tx.insert(cartEntries).values(
      plan.inserts.map((insert, index) => ({
        id: randomUUID(),
        cartId: own.id,
        ...insert,
        position: nextPosition + index,
      })),
    );
  }
  // The guest cart's contents now live in the user's cart; its token must not reach them again.
  await tx.delete(carts).where(eq(carts.id, guest.id));
  await tx
    .update(carts)
    .set({ updatedAt: sql`now()` })
    .where(eq(carts.id, own.id));
  return { token: own.token, unitsDropped: plan.unitsDropped };
}

/** What readCartToken in the cart module accepts: 32 URL-safe characters. */
function newCartToken(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * A copy of the user's cart (the one the cart cookie names) for the visitor who stays after
 * logout; undefined when the cookie names no open cart of this user.
 */
export async function cloneCartForVisitor(
  tx: AppTx,
  siteId: string,
  userId: string,
  token: string,
): Promise<string | undefined> {
  const [cart] = await tx
    .select()
    .from(carts)
    .where(
      and(
        openStandardCart,
        eq(carts.token, token),
        eq(carts.siteId, siteId),
        eq(carts.siteUserId, userId),
      ),
    )
    .limit(1)
    .for('share');
  if (!cart) return undefined;
  const copyId = randomUUID();
  const copyToken = newCartToken();
  await tx
    .insert(carts)
    .values({ id: copyId, siteId, token: copyToken, kind: 'standard', currency: cart.currency });
  const entries = await entriesOf(tx, cart.id);
  if (entries.length > 0) {
    await tx
      .insert(cartEntries)
      .values(
        entries.map(({ id: _id, ...entry }) => ({ ...entry, id: randomUUID(), cartId: copyId })),
      );
  }
  return copyToken;
}

/**
 * Makes the cart of the cookie the user's when it has no owner yet: a cart started while logged
 * in (the cart module does not know about logins) belongs to that user, so logout keeps it for
 * them instead of leaving it to whoever uses the browser next.
 */
export async function adoptCart(
  tx: AppTx,
  siteId: string,
  userId: string,
  token: string,
): Promise<void> {
  await tx
    .update(carts)
    .set({ siteUserId: userId })
    .where(
      and(
        openStandardCart,
        eq(carts.token, token),
        eq(carts.siteId, siteId),
        isNull(carts.siteUserId),
      ),
    );
}
