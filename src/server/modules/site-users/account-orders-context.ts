/** The account page's order list as the theme's account-home template reads it. */
import { toMoney } from '../../../shared/money/to-money.ts';
import type { AppDb } from '../../db/index.ts';
import { accountOrderPath } from './account-order-pages.ts';
import { listAccountOrders, orderStateLabel } from './account-orders.ts';

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
