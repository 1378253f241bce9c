/**
 * POST /api/vitrine/checkout/quote: the cart of the request's cart cookie (or the express cart
 * named by the `cartToken` query parameter) priced for checkout
 * (shipping options for the address, taxes, coupons, gift cards), so the checkout page can show
 * totals before the order is placed. It reads and writes nothing but the answer.
 * A subscription cart (`?cartToken=` of the subscription page) also answers its
 * `subscriptionPlan` ({ billingPeriod, numBillingCycles }); other carts answer null.
 */
import type { FastifyInstance } from 'fastify';
import { quoteRequest } from '../../../shared/checkout/requests.ts';
import type { Database } from '../../db/index.ts';
import { readCheckoutCartToken } from '../cart/index.ts';
import { findGiftCards } from '../giftcards/index.ts';
import { subscriptionPlanOfCart } from './cart-plan.ts';
import { findCartByToken, loadCheckoutLines, loadCheckoutSettings } from './checkout-cart.ts';
import { cartWithQuote, checkoutSummary, quoteLines } from './quote-cart.ts';

export interface CheckoutRouteDeps {
  readonly database: Database;
  /** The clock coupons expire by; tests pin it. */
  readonly now?: () => Date;
}

/** Gift card codes are bearer secrets: limit how fast one client can try them. */
export const QUOTE_RATE_LIMIT = { max: 120, timeWindow: 60_000 } as const;

export function registerCheckoutRoutes(app: FastifyInstance, deps: CheckoutRouteDeps): void {
  const now = deps.now ?? (() => new Date());
  app.post(
    '/api/vitrine/checkout/quote',
    { config: { rateLimit: QUOTE_RATE_LIMIT, site: 'required' } },
    async (request, reply) => {
      const body = quoteRequest.parse(request.body ?? {});
      const { site } = request;
      void reply.header('cache-control', 'no-store');
      const { db } = deps.database;
      const token = readCheckoutCartToken(request);
      const found = token === undefined ? undefined : await findCartByToken(db, site.id, token);
      const cart = found && !found.isPurchased ? found : undefined;
      const lines = cart ? await loadCheckoutLines(db, cart.id) : [];
      const [settings, giftCards] = await Promise.all([
        loadCheckoutSettings(db, site.id),
        findGiftCards(db, site.id, body.giftCardCodes ?? []),
      ]);
      const currency = cart?.currency ?? site.currency;
      const quote = quoteLines({ currency, lines, settings, request: body, giftCards }, now());
      const subscriptionPlan =
        cart?.kind === 'subscription' ? await subscriptionPlanOfCart(db, cart.id) : null;
      return {
        shoppingCart: cartWithQuote(
          cart ? { cart, lines } : { websiteId: site.id, currency },
          quote,
        ),
        email: body.email ?? null,
        ...checkoutSummary(quote),
        subscriptionPlan,
      };
    },
  );
}
