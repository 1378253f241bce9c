/**
 * The commerce pages, registered together as one entry of PAGE_ROUTES: cart (200), checkout
 * (201) with its form post, order confirmation (202), the gift card page and the subscription
 * page. Each works with JavaScript off; islands enhance them later.
 */
import type { FastifyInstance } from 'fastify';
import { registerCartPage } from './cart-page.ts';
import { registerCheckoutPage, type CheckoutPageDeps } from './checkout-page.ts';
import { registerGiftCardPage } from './gift-card-page.ts';
import { registerOrderPage } from './order-page.ts';
import { registerSubscriptionPage } from './subscription-page.ts';

export function registerCommercePages(app: FastifyInstance, deps: CheckoutPageDeps): void {
  registerCartPage(app, deps);
  registerCheckoutPage(app, deps);
  registerOrderPage(app, deps);
  registerGiftCardPage(app, deps);
  registerSubscriptionPage(app, deps);
}
