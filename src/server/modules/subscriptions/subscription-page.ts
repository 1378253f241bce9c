/**
 * GET /commerce/subscription?cartToken=… (docs/behaviour/subscriptions.md#buying-a-subscription: a subscription goes to a
 * subscription page carrying the cartToken): the subscription cart made by the subscription
 * endpoint, with its billing wording (src/shared/subscriptions: 'every month for 1 year';
 * 'Unavailable' when the plan cannot be worded) and a plain form on to /checkout?cartToken=….
 * A token that names no open subscription cart answers 404.
 */
import { subscriptionWordingOptions } from '../../../shared/site-context/settings.ts';
import type { FastifyInstance } from 'fastify';
import { buildCart } from '../../../shared/cart/build-cart.ts';
import {
  readSubscriptionPlan,
  subscriptionWording,
} from '../../../shared/subscriptions/wording.ts';
import { findCartByToken, loadCheckoutLines } from '../checkout/index.ts';
import { PAGE_TYPES } from '../../render/page-types.ts';
import { renderNotFound, renderPrivatePage, type PageRouteDeps } from '../../render/page-routes.ts';
import { cartView, productTypesOf } from '../cart/index.ts';
import { loadEntryDetails } from '../cart/index.ts';
import { CHECKOUT_PAGE_PATH, SUBSCRIPTION_PAGE_PATH, urlCartToken } from '../cart/index.ts';

/** A subscription whose wording cannot be computed (docs/behaviour/subscriptions.md#wording). */
export const UNAVAILABLE_WORDING = 'Unavailable';

export function registerSubscriptionPage(app: FastifyInstance, deps: PageRouteDeps): void {
  const { database, pages } = deps;

  app.get(SUBSCRIPTION_PAGE_PATH, async (request, reply) => {
    const { site } = request;
    // Only the URL's token: the shopper's own cart (the cookie's) is never a subscription.
    const cartToken = urlCartToken(request);
    const cart = cartToken ? await findCartByToken(database.db, site.id, cartToken) : undefined;
    if (!cart || cart.kind !== 'subscription' || cart.isPurchased)
      return renderNotFound(pages, request, reply, site);
    const [lines, details] = await Promise.all([
      loadCheckoutLines(database.db, cart.id),
      loadEntryDetails(database.db, cart.id),
    ]);
    const shoppingCart = buildCart(
      {
        id: cart.id,
        websiteId: cart.siteId,
        currency: cart.currency,
        created: cart.created,
        isPurchased: cart.isPurchased,
        orderId: cart.orderId,
      },
      lines,
    );
    const plan = readSubscriptionPlan([...details.values()][0]?.subscriptionPlan);
    return renderPrivatePage(pages, request, reply, site, {
      template: 'subscription',
      pageType: PAGE_TYPES.PAGE,
      title: 'Subscription',
      context: {
        subscription: {
          ...cartView(shoppingCart, cart.currency, details, productTypesOf(shoppingCart)),
          wording: plan
            ? subscriptionWording(plan, subscriptionWordingOptions(site.settings))
            : UNAVAILABLE_WORDING,
          checkoutAction: CHECKOUT_PAGE_PATH,
          cartToken,
        },
      },
    });
  });
}
