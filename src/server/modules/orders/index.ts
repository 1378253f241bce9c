/** What other modules, pages and the composition root use of the orders module. */
export { registerOrderRoutes, ORDER_RATE_LIMIT, type OrderServices } from './routes.ts';
export { codeRefusals, placeOrder } from './place-order.ts';
export type { OrderView } from './order-view.ts';
export { orderConfirmationEmail, orderSummaryBlocks } from './confirmation-email.ts';
export { loadOrderView } from './order-view.ts';
export { type PlaceOrderDeps } from './place-order.ts';
export { loadOwnerOrder, type OwnerOrderView } from './owner-order-view.ts';
export { orderPagePath, orderPageUrl } from './order-link.ts';
export { registerOrderPage } from './order-page.ts';
export { registerCheckoutPage, type CheckoutPageDeps } from './checkout-page.ts';
export { orderLineValues, orderTotalValues } from './order-money-values.ts';
export { orderStateLabel, paymentStateLabel } from './order-state-label.ts';
export { stockChangesThrough, type StockChanged } from './stock-changes.ts';
