/** What other modules, pages and the composition root use of the checkout module. */
export { registerCheckoutPage, type CheckoutPageDeps } from './checkout-page.ts';
export { findCartByToken, loadCheckoutLines } from './checkout-cart.ts';
