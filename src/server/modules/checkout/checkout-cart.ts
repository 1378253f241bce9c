/**
 * Reading what checkout needs: the cart of a token in any state (a purchased cart answers
 * idempotent replays), its lines with the variant and product facts that price and ship them,
 * and the store's checkout settings. Every function takes an AppDb so it runs on the pool or
 * inside the order transaction alike.
 */
import { and, eq, sql } from 'drizzle-orm';
import { readCheckoutSettings, type CheckoutSettings } from '../../../shared/checkout/settings.ts';
import { schema, type AppDb } from '../../db/index.ts';
import type { CartKind } from '../../db/schema.ts';
import { linesOfCart, type StoredCartLine } from '../cart/index.ts';

const { carts, sites } = schema;

export interface CheckoutCartRow {
  readonly id: string;
  readonly siteId: string;
  readonly currency: string;
  readonly created: Date;
  readonly isPurchased: boolean;
  readonly orderId: string | null;
  /** 'subscription' carts start a subscription when bought (src/server/modules/subscriptions). */
  readonly kind: CartKind;
}

export type CheckoutLine = StoredCartLine;

const cartColumns = {
  id: carts.id,
  siteId: carts.siteId,
  currency: carts.currency,
  created: carts.created,
  isPurchased: carts.isPurchased,
  orderId: carts.orderId,
  kind: carts.kind,
};

export async function findCartByToken(
  db: AppDb,
  siteId: string,
  token: string,
): Promise<CheckoutCartRow | undefined> {
  const [row] = await db
    .select(cartColumns)
    .from(carts)
    .where(and(eq(carts.token, token), eq(carts.siteId, siteId)))
    .limit(1);
  return row;
}

/**
 * Locks the cart row for the rest of the transaction: two checkouts of one cart (double click,
 * replayed key) queue here, and the second sees the first's `isPurchased`.
 */
export async function lockCart(db: AppDb, cartId: string): Promise<CheckoutCartRow | undefined> {
  const [row] = await db.select(cartColumns).from(carts).where(eq(carts.id, cartId)).for('update');
  return row;
}

/** The cart's lines as checkout prices and writes them (the cart module's own query). */
export const loadCheckoutLines: (db: AppDb, cartId: string) => Promise<CheckoutLine[]> =
  linesOfCart;

export class CheckoutSettingsError extends Error {
  override name = 'CheckoutSettingsError';
}

/** The store's coupons, shipping rates and tax rules; throws when stored settings are broken. */
export async function loadCheckoutSettings(db: AppDb, siteId: string): Promise<CheckoutSettings> {
  const [row] = await db
    .select({ settings: sql<unknown>`${sites.settings}` })
    .from(sites)
    .where(eq(sites.id, siteId));
  const read = readCheckoutSettings(row?.settings);
  if (!read.ok) {
    // Settings are validated on import; reaching this means the row was edited by hand.
    throw new CheckoutSettingsError(
      `site ${siteId} has invalid checkout settings: ${read.error.message}`,
    );
  }
  return read.settings;
}
