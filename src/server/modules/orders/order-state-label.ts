/**
 * What a shopper reads of an order's states (docs/behaviour/checkout-and-orders.md): one phrase
 * for the account's order list and order page, and the payment alone for the confirmation page.
 */
import type { FulfillmentStatus, PaymentStatus } from '../../db/schema-orders.ts';

/** Payment and fulfilment in one phrase: 'Processing', 'Shipped, partly refunded', … */
export function orderStateLabel(order: {
  paymentStatus: PaymentStatus;
  fulfillmentStatus: FulfillmentStatus;
}): string {
  if (order.fulfillmentStatus === 'cancelled') return 'Cancelled';
  if (order.paymentStatus === 'refunded') return 'Refunded';
  if (order.paymentStatus === 'pending_payment') return 'Awaiting payment';
  if (order.paymentStatus === 'failed') return 'Payment failed';
  const shipped = order.fulfillmentStatus === 'fulfilled' ? 'Shipped' : 'Processing';
  return order.paymentStatus === 'partially_refunded' ? `${shipped}, partly refunded` : shipped;
}

/** The payment alone, as the confirmation page shows it once the provider has answered. */
export function paymentStateLabel(order: {
  paymentStatus: PaymentStatus;
  fulfillmentStatus: FulfillmentStatus;
}): string {
  if (order.fulfillmentStatus === 'cancelled') return 'Cancelled';
  switch (order.paymentStatus) {
    case 'pending_payment':
      return 'Awaiting payment';
    case 'paid':
      return 'Paid';
    case 'partially_refunded':
      return 'Paid, partly refunded';
    case 'refunded':
      return 'Refunded';
    case 'failed':
      return 'Payment failed';
  }
}
