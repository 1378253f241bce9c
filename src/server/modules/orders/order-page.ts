/**
 * GET /commerce/orders/:orderId?token=… (page type 202, "order confirmed"; 206, "subscription
 * confirmed", when the order bought a subscription cart): the order the checkout just placed —
 * its id, what was bought, where it ships and the totals, and what the purchase tracking events
 * carry (cart id, test mode, each line's item, variant, sku and unit price). Only the link
 * the buyer was redirected to opens it (order-link.ts); any other visitor, a wrong token or an
 * unknown order answers the same 404 page, so order ids cannot be probed.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PAYMENT_PROVIDERS } from '../../../shared/checkout/requests.ts';
import { toMoney } from '../../../shared/money/to-money.ts';
import { schema } from '../../db/index.ts';
import { orderLineValues, orderTotalValues } from './order-money-values.ts';
import { loadOrderView } from './order-view.ts';
import { paymentStateLabel } from './order-state-label.ts';
import { PAGE_TYPES } from '../../render/page-types.ts';
import { renderNotFound, type PageRouteDeps } from '../../render/page-routes.ts';
import { isOrderViewToken } from './order-link.ts';
import { ORDER_PAGE_PREFIX, queryText } from '../cart/index.ts';

const ORDER_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** The test-mode payment provider: its orders are the checkout confirmed event's testMode. */
const TEST_PROVIDER_ID: (typeof PAYMENT_PROVIDERS)[number] = 'test';

/** How often the confirmation page reloads while the payment is being confirmed. */
export const PENDING_REFRESH_SECONDS = 3;

export function registerOrderPage(app: FastifyInstance, deps: PageRouteDeps): void {
  const { database, pages } = deps;

  app.get<{ Params: { orderId: string } }>(
    `${ORDER_PAGE_PREFIX}/:orderId`,
    async (request, reply) => {
      const { site } = request;
      const { orderId } = request.params;
      const token = queryText(request, 'token', 200);
      // The order's page is private to whoever holds its link: never cached by anyone else.
      void reply.header('cache-control', 'no-store');
      const allowed = ORDER_ID.test(orderId) && isOrderViewToken(app, site.id, orderId, token);
      const [row] = allowed
        ? await database.db
            .select({
              shippingAddress: schema.orders.shippingAddress,
              shippingOption: schema.orders.shippingOption,
              paymentProvider: schema.orders.paymentProvider,
              cartKind: schema.carts.kind,
            })
            .from(schema.orders)
            .innerJoin(schema.carts, eq(schema.carts.id, schema.orders.cartId))
            .where(and(eq(schema.orders.id, orderId), eq(schema.orders.siteId, site.id)))
        : [];
      const order = row ? await loadOrderView(database.db, orderId) : undefined;
      if (!row || !order) {
        return renderNotFound(pages, request, reply, site);
      }
      // Until the provider's webhook confirms, the page asks again every few seconds.
      if (order.paymentStatus === 'pending_payment')
        void reply.header('refresh', String(PENDING_REFRESH_SECONDS));
      const subscription = row.cartKind === 'subscription';
      return pages.render(request, reply, site, {
        template: 'order-confirmed',
        pageType: subscription ? PAGE_TYPES.SUBSCRIPTION_CONFIRMED : PAGE_TYPES.ORDER_CONFIRMED,
        title: subscription ? 'Subscription confirmed' : 'Order confirmed',
        context: {
          order: {
            id: order.id,
            number: order.number,
            pendingPayment: order.paymentStatus === 'pending_payment',
            paymentState: paymentStateLabel(order),
            paymentUrl: order.paymentUrl,
            cartId: order.cartId,
            testMode: row.paymentProvider === TEST_PROVIDER_ID,
            currency: order.currency,
            subscription,
            email: order.email,
            entries: orderLineValues(order),
            shippingAddress: row.shippingAddress,
            shippingOptionName: row.shippingOption?.name ?? null,
            ...orderTotalValues(order),
            issuedGiftCards: order.issuedGiftCards.map((card) => ({
              code: card.code,
              balanceMoney: toMoney(card.balanceCents, card.currency),
              sentTo: card.recipient?.email ?? null,
            })),
          },
        },
      });
    },
  );
}
