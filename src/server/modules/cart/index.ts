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
export { CHECKOUT_PAGE_PATH, GIFT_CARD_PAGE_PATH, ORDER_PAGE_PREFIX } from './page-paths.ts';
export { SUBSCRIPTION_PAGE_PATH, checkoutPath, urlCartToken } from './page-paths.ts';
export { queryText } from './page-paths.ts';
export { cartView, productTypesOf, type CartView } from './cart-view.ts';
export { loadEntryDetails, type EntryDetails } from './entry-details.ts';
export { registerCartPage } from './cart-page.ts';
export { cartPageIslandProps } from './cart-island-props.ts';
