/**
 * POST /api/commerce/orders: places the order for the cart of the request's cart cookie, or
 * the express cart named by the `cartToken` query parameter.
 * Header Idempotency-Key (required); body per `orderRequest`. 201 `{ order }` for a new order,
 * 200 `{ order }` for a replay of the same request under the same key.
 */
import type { FastifyInstance } from 'fastify';
import { idempotencyKey, orderRequest } from '../../../shared/checkout/requests.ts';
import { AppError } from '../../../shared/errors.ts';
import type { Database } from '../../db/index.ts';
import type { SiteResolver } from '../../http/current-site.ts';
import { clearCartCookies, readCartToken, readCheckoutCartToken } from '../cart/cart-cookies.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { startOutboxRelay } from '../mail/relay.ts';
import type { PaymentProviders } from '../payments/provider.ts';
import { createPaymentProviders } from '../payments/test-provider.ts';
import { registerOwnerOrderRoutes } from './owner-routes.ts';
import { placeOrder } from './place-order.ts';

export interface OrderRouteDeps {
  readonly database: Database;
  readonly sites: SiteResolver;
  readonly smtpUrl?: string | undefined;
  readonly payments?: PaymentProviders;
  readonly mailer?: Mailer;
  readonly now?: () => Date;
}

/** Per client IP; generous for shoppers, tight enough to stop scripted card or gift-card testing. */
export const ORDER_RATE_LIMIT = { max: 120, timeWindow: 60_000 } as const;

export function registerOrderRoutes(app: FastifyInstance, deps: OrderRouteDeps): void {
  const mailer = deps.mailer ?? createMailer({ database: deps.database, smtpUrl: deps.smtpUrl });
  const payments = deps.payments ?? createPaymentProviders();
  const now = deps.now ?? (() => new Date());
  // Background sends finish (or fail into the outbox) before the database closes.
  app.addHook('onClose', async () => mailer.idle());
  if (deps.smtpUrl) {
    // With SMTP, what waits in the outbox (other modules' mail, failed sends) is relayed too.
    const relay = startOutboxRelay(mailer);
    app.addHook('onClose', async () => relay.stop());
  }
  registerOwnerOrderRoutes(app, deps);

  app.post(
    '/api/commerce/orders',
    { config: { rateLimit: ORDER_RATE_LIMIT } },
    async (request, reply) => {
      const header = request.headers['idempotency-key'];
      const key = idempotencyKey.safeParse(header);
      if (!key.success) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
      const body = orderRequest.parse(request.body);
      const site = await deps.sites.current();
      if (!site) throw new AppError('NOT_FOUND');
      // An express cart is named by the checkout URL's `cartToken`; otherwise the cart cookie's.
      const cartToken = readCheckoutCartToken(request);
      const placed = await placeOrder(
        { database: deps.database, payments, mailer, now, log: request.log },
        {
          site,
          cartToken,
          idempotencyKey: key.data,
          body,
          siteUserId: request.siteUser?.id ?? null,
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
