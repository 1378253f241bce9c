/** What the composition root and other modules use of the checkout module. */
export {
  findCartByToken,
  loadCheckoutLines,
  loadCheckoutSettings,
  lockCart,
  type CheckoutCartRow,
  type CheckoutLine,
} from './checkout-cart.ts';
export { cartWithQuote, quoteLines } from './quote-cart.ts';
export { registerCheckoutRoutes } from './routes.ts';
