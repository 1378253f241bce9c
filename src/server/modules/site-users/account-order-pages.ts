/**
 * The account's order pages, in the site's theme:
 * - GET /account/orders/:number — one of the account's orders (lines, totals, address, state,
 *   tracking). Anyone else's order, a guest's, or no such number: the site's 404 page, the
 *   same answer in every case, so order numbers cannot be probed.
 * - GET /account/orders/link?token= — the emailed link that verifies the account's address and
 *   adds the address's guest orders to the account (guest-orders.ts); logged out, it goes
 *   through the login page first.
 * Both are personal: `no-store`.
 */
import type { FastifyInstance } from 'fastify';
import { toMoney } from '../../../shared/money/to-money.ts';
import { PAGE_TYPES, renderNotFound, type PageRouteDeps } from '../../render/page-routes.ts';
import {
  loadOwnerOrder,
  orderLineValues,
  orderStateLabel,
  orderTotalValues,
} from '../orders/index.ts';
import { findAccountOrder } from './account-orders.ts';
import {
  GUEST_ORDERS_LINK_PATH,
  isGuestOrdersToken,
  verifyAddressAndLinkOrders,
} from './guest-orders.ts';

export const ACCOUNT_ORDER_PREFIX = '/account/orders';
const ORDER_NUMBER = /^[1-9]\d{0,8}$/;

export function accountOrderPath(number: number): string {
  return `${ACCOUNT_ORDER_PREFIX}/${number}`;
}

export function registerAccountOrderPages(app: FastifyInstance, deps: PageRouteDeps): void {
  const { database, pages, secret } = deps;

  app.get(GUEST_ORDERS_LINK_PATH, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    const { token } = request.query as { token?: unknown };
    const user = request.siteUser;
    if (!user) {
      const back = `${GUEST_ORDERS_LINK_PATH}?${new URLSearchParams({ token: typeof token === 'string' ? token : '' }).toString()}`;
      return reply.redirect(
        `/account/login?${new URLSearchParams({ returnTo: back }).toString()}`,
        303,
      );
    }
    const { site } = request;
    const claim = { siteId: site.id, siteUserId: user.id, emailKey: user.email.toLowerCase() };
    if (typeof token !== 'string' || !isGuestOrdersToken(secret, claim, token, new Date()))
      return renderNotFound(pages, request, reply, site);
    const linked = await database.withTransaction((tx) => verifyAddressAndLinkOrders(tx, claim));
    return reply.redirect(`/account?linked=${linked}`, 303);
  });

  app.get<{ Params: { number: string } }>(
    `${ACCOUNT_ORDER_PREFIX}/:number`,
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const user = request.siteUser;
      const path = `${ACCOUNT_ORDER_PREFIX}/${encodeURIComponent(request.params.number)}`;
      if (!user)
        return reply.redirect(
          `/account/login?${new URLSearchParams({ returnTo: path }).toString()}`,
          303,
        );
      const { site } = request;
      const { number } = request.params;
      const orderId = ORDER_NUMBER.test(number)
        ? await findAccountOrder(database.db, site.id, user.id, Number(number))
        : undefined;
      const order = orderId ? await loadOwnerOrder(database.db, site.id, orderId) : undefined;
      if (!order) return renderNotFound(pages, request, reply, site);
      return pages.render(request, reply, site, {
        template: 'account-order',
        pageType: PAGE_TYPES.PAGE,
        title: `Order #${order.number}`,
        context: {
          accountOrder: {
            number: order.number,
            date: new Date(order.created).toISOString().slice(0, 10),
            state: orderStateLabel(order),
            email: order.email,
            entries: orderLineValues(order),
            ...orderTotalValues(order),
            refundedCents: order.refundedCents,
            refundedMoney: toMoney(order.refundedCents, order.currency),
            shippingAddress: order.shippingAddress,
            fulfillment: order.fulfillment,
          },
        },
      });
    },
  );
}
