/** What the composition root and other modules use of the cart module. */
export { addEntry } from './add-entry.ts';
export {
  clearCartCookies,
  readCartToken,
  readCheckoutCartToken,
  setCartCookies,
} from './cart-cookies.ts';
export { newCartToken } from './cart-locks.ts';
export { findOpenCartByToken, linesOfCart, type StoredCartLine } from './cart-queries.ts';
export { CART_ANSWERS_PARAM, CART_ANSWER_ERRORS_PARAM, CART_ERROR_PARAM } from './form-routes.ts';
export { registerCartRoutes } from './routes.ts';
