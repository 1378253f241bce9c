/** What other modules and the composition root use of the payments module. */
export type {
  ChargeRequest,
  ChargeResult,
  HostedCheckout,
  HostedCheckoutRequest,
  PaymentWebhookEvent,
  PaymentProvider,
  PaymentProviders,
  RefundRequest,
  RefundResult,
} from './provider.ts';
export {
  createPaymentProviders,
  createTestPaymentProvider,
  TEST_TOKENS,
  type TestPaymentProvider,
} from './simulated-provider.ts';
export { createStripePaymentProvider } from './stripe-provider.ts';
