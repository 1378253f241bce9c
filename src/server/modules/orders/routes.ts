/**
 * POST /api/commerce/orders: places the order for the cart of the request's cart cookie, or
 * the express cart named by the `cartToken` query parameter.
 * Header Idempotency-Key (required); body per `orderRequest`. 201 `{ order }` for a new order,
 * 200 `{ order }` for a replay of the same request under the same key.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idempotencyKey, orderRequest } from '../../../shared/checkout/requests.ts';
import { AppError } from '../../../shared/errors.ts';
import type { Database } from '../../db/index.ts';
import type { SiteResolver } from '../../http/current-site.ts';
import { clearCartCookies, readCartToken, readCheckoutCartToken } from '../cart/index.ts';
import type { Mailer } from '../mail/index.ts';
import type { PaymentProvider, PaymentProviders } from '../payments/index.ts';
import { registerEmailPreviewRoutes } from './email-preview-routes.ts';
import { registerOwnerOrderActions } from './owner-action-routes.ts';
import { mailAfterAction } from './order-mail.ts';
import { registerOwnerOrderRoutes } from './owner-routes.ts';
import { registerPaymentWebhookRoutes } from './payment-webhook-routes.ts';
import { placeOrder } from './place-order.ts';
import { stockChangesThrough } from './stock-changes.ts';

export interface OrderRouteDeps {
  readonly database: Database;
  /** Told after a commit that changed stock, so every process's product pages follow. */
  readonly sites: SiteResolver;
  readonly services: OrderServices;
  /** The order's confirmation page as an absolute URL (where a hosted payment page returns). */
  readonly orderPageUrl: (request: FastifyRequest, siteId: string, orderId: string) => string;
  /** The owner dashboard's stylesheets (none when it was not built), for the email previews. */
  readonly adminStylesheetUrls: readonly string[];
}

/** What the orders module uses of the process's services (src/server/services.ts). */
export interface OrderServices {
  readonly paymentProvider: PaymentProvider;
  readonly payments: PaymentProviders;
  readonly mailer: Mailer;
  readonly now: () => Date;
  publicOrigin(request: { protocol: string; host: string }): string;
}

/** Per client IP; generous for shoppers, tight enough to stop scripted card or gift-card testing. */
export const ORDER_RATE_LIMIT = { max: 120, timeWindow: 60_000 } as const;

export function registerOrderRoutes(app: FastifyInstance, deps: OrderRouteDeps): void {
  const { payments, mailer, now } = deps.services;
  const stockChanged = stockChangesThrough(deps.sites);
  registerOwnerOrderRoutes(app, deps);
  registerEmailPreviewRoutes(app, {
    database: deps.database,
    stylesheetUrls: deps.adminStylesheetUrls,
    publicOrigin: (request) => deps.services.publicOrigin(request),
  });
  registerPaymentWebhookRoutes(app, {
    database: deps.database,
    sites: deps.sites,
    provider: deps.services.paymentProvider,
    mailer,
  });
  registerOwnerOrderActions(app, {
    database: deps.database,
    payments,
    stockChanged,
    afterAction: (action) =>
      mailAfterAction({ database: deps.database, mailer, log: app.log }, action),
  });

  app.post(
    '/api/commerce/orders',
    { config: { rateLimit: ORDER_RATE_LIMIT, site: 'required' } },
    async (request, reply) => {
      const header = request.headers['idempotency-key'];
      const key = idempotencyKey.safeParse(header);
      if (!key.success) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
      const body = orderRequest.parse(request.body);
      const { site } = request;
      // An express cart is named by the checkout URL's `cartToken`; otherwise the cart cookie's.
      const cartToken = readCheckoutCartToken(request);
      const placed = await placeOrder(
        { database: deps.database, payments, mailer, now, log: request.log, stockChanged },
        {
          site,
          cartToken,
          idempotencyKey: key.data,
          body,
          siteUserId: request.siteUser?.id ?? null,
          returnUrl: (orderId) => deps.orderPageUrl(request, site.id, orderId),
        },
      );
      void reply.header('cache-control', 'no-store');
      // The bought cart is history: the browser starts a fresh cart on its next add. An express
      // purchase leaves the shopper's own cart (the cookie's) alone.
      if (cartToken !== undefined && cartToken === readCartToken(request)) clearCartCookies(reply);
      return reply.code(placed.status).send({ order: placed.order });
    },
  );
}
