/** What other modules, pages and the composition root use of the cart module. */
export { clearCartCookies, readCartToken, readCheckoutCartToken } from './cart-cookies.ts';
export { CHECKOUT_PAGE_PATH, GIFT_CARD_PAGE_PATH, ORDER_PAGE_PREFIX } from './page-paths.ts';
export { SUBSCRIPTION_PAGE_PATH, checkoutPath, urlCartToken } from './page-paths.ts';
export { formFields, queryText } from './page-paths.ts';
export { cartView, productTypesOf, type CartView } from './cart-view.ts';
export { loadEntryDetails, type EntryDetails } from './entry-details.ts';
export { CART_ERROR_PARAM } from './form-routes.ts';
export { registerCartPage } from './cart-page.ts';
export { cartPageIslandProps } from './cart-island-props.ts';
