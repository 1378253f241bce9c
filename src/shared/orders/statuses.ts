/**
 * An order's two states, as the database checks them and as the owner filters orders by them
 * (docs/owner-api.md).
 */

/** Where the money stands (the provider's confirmation, owners' refunds). */
export const PAYMENT_STATUSES = [
  'pending_payment',
  'paid',
  'partially_refunded',
  'refunded',
  'failed',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Where the goods stand (the owner's fulfilment or cancellation). */
export const FULFILLMENT_STATUSES = ['unfulfilled', 'fulfilled', 'cancelled'] as const;
export type FulfillmentStatus = (typeof FULFILLMENT_STATUSES)[number];
