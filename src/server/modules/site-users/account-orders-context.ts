/** The account page's order list as the theme's account-home template reads it. */
import { eq } from 'drizzle-orm';
import { toMoney } from '../../../shared/money/to-money.ts';
import { schema, type AppDb } from '../../db/index.ts';
import { accountOrderPath } from './account-order-pages.ts';
import { orderStateLabel } from '../orders/index.ts';
import { listAccountOrders } from './account-orders.ts';
import { countGuestOrders } from './guest-orders.ts';

/** Shown while an unverified account's address has guest orders that wait for its emailed link. */
export const GUEST_ORDERS_WAITING_NOTICE =
  'Orders bought as a guest with this address join your account once you open the link we emailed to it.';

export async function accountOrdersContext(
  db: AppDb,
  siteId: string,
  siteUserId: string,
  query: unknown,
) {
  const rows = await listAccountOrders(db, siteId, siteUserId);
  const linked = Number((query as { linked?: unknown } | undefined)?.linked);
  return {
    // After the emailed link: how many guest orders it added (0 says they were already in).
    linkedNotice: Number.isInteger(linked) && linked >= 0 ? linkedText(linked) : null,
    guestOrdersNotice: (await hasWaitingGuestOrders(db, siteId, siteUserId))
      ? GUEST_ORDERS_WAITING_NOTICE
      : null,
    orders: rows.map((row) => ({
      number: row.number,
      href: accountOrderPath(row.number),
      date: row.created.toISOString().slice(0, 10),
      totalMoney: toMoney(row.grandTotalCents, row.currency),
      state: orderStateLabel(row),
    })),
  };
}

function linkedText(count: number): string {
  if (count === 0) return 'Your earlier orders were already in your account.';
  return count === 1
    ? 'An earlier order was added to your account.'
    : `${count} earlier orders were added to your account.`;
}

/** An unverified account whose address bought as a guest (docs/behaviour/accounts-and-login.md#orders-bought-as-a-guest). */
async function hasWaitingGuestOrders(
  db: AppDb,
  siteId: string,
  siteUserId: string,
): Promise<boolean> {
  const [user] = await db
    .select({ emailKey: schema.siteUsers.emailKey, verified: schema.siteUsers.emailVerifiedAt })
    .from(schema.siteUsers)
    .where(eq(schema.siteUsers.id, siteUserId));
  if (!user || user.verified) return false;
  return (await countGuestOrders(db, siteId, user.emailKey)) > 0;
}
