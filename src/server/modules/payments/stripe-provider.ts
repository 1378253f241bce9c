/**
 * Stripe through its official SDK: hosted Checkout Sessions (the shopper pays on Stripe's page;
 * no card data and no Stripe script ever reach Vitrine's pages), the signed webhook checked by
 * the SDK over the raw body (its default five-minute replay window), and refunds through the
 * Refunds API. Every call that moves money carries an idempotency key, so a retried request
 * never charges or refunds twice. `apiBase` points the SDK elsewhere (tests: a local fake).
 */
import Stripe from 'stripe';
import type {
  ChargeResult,
  HostedCheckoutResult,
  PaymentProvider,
  PaymentWebhookEvent,
  RefundResult,
} from './provider.ts';

export interface StripeOptions {
  readonly secretKey: string;
  readonly webhookSecret: string;
  readonly apiBase: string;
}

const DEFAULT_STRIPE_API_BASE = 'https://api.stripe.com';
const STRIPE_CHECKOUT_ORIGIN = 'https://checkout.stripe.com';

/** Past this a slow Stripe answer fails the request (nothing is written) instead of hanging. */
const STRIPE_TIMEOUT_MS = 20_000;

function clientOf(options: StripeOptions): Stripe {
  const base = new URL(options.apiBase);
  return new Stripe(options.secretKey, {
    host: base.hostname,
    port: base.port === '' ? (base.protocol === 'http:' ? 80 : 443) : Number(base.port),
    protocol: base.protocol === 'http:' ? 'http' : 'https',
    timeout: STRIPE_TIMEOUT_MS,
    maxNetworkRetries: 2,
  });
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createStripePaymentProvider(options: StripeOptions): PaymentProvider {
  const stripe = clientOf(options);
  return {
    id: 'stripe',
    async charge(): Promise<ChargeResult> {
      // Stripe orders are paid on Stripe's page (hosted.createSession), never charged directly.
      return { status: 'failed', reason: 'stripe takes payments through Checkout Sessions' };
    },
    async refund({ reference, amountCents, idempotencyKey }): Promise<RefundResult> {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: reference, amount: amountCents },
          { idempotencyKey },
        );
        if (refund.status === 'failed' || refund.status === 'canceled')
          return { status: 'failed', reason: `refund ${refund.status}` };
        return { status: 'succeeded', reference: refund.id };
      } catch (error) {
        return { status: 'failed', reason: reasonOf(error) };
      }
    },
    hosted: {
      // Stripe's own Checkout pages; a stand-in API (tests) serves its pages from its origin.
      pageOrigins:
        options.apiBase === DEFAULT_STRIPE_API_BASE
          ? [STRIPE_CHECKOUT_ORIGIN]
          : [new URL(options.apiBase).origin],
      async createSession(request): Promise<HostedCheckoutResult> {
        try {
          const session = await stripe.checkout.sessions.create(
            {
              mode: 'payment',
              line_items: [
                {
                  quantity: 1,
                  price_data: {
                    currency: request.currency.toLowerCase(),
                    unit_amount: request.amountCents,
                    product_data: { name: request.description },
                  },
                },
              ],
              customer_email: request.email,
              client_reference_id: request.orderId,
              metadata: { orderId: request.orderId, siteId: request.siteId },
              success_url: request.returnUrl,
              cancel_url: request.returnUrl,
            },
            { idempotencyKey: request.idempotencyKey },
          );
          if (!session.url) return { status: 'failed', reason: 'session without a URL' };
          return { status: 'created', sessionId: session.id, url: session.url };
        } catch (error) {
          return { status: 'failed', reason: reasonOf(error) };
        }
      },
      async expireSession(sessionId) {
        await stripe.checkout.sessions.expire(sessionId);
      },
      readWebhook(rawBody, signature): PaymentWebhookEvent | null {
        if (signature === undefined) return null;
        let event: Stripe.Event;
        try {
          event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
        } catch {
          return null;
        }
        if (
          (event.type === 'checkout.session.completed' &&
            event.data.object.payment_status === 'paid') ||
          event.type === 'checkout.session.async_payment_succeeded'
        ) {
          // A delayed payment method completes the session unpaid; its success comes later.
          const session = event.data.object;
          const intent = session.payment_intent;
          return {
            type: 'session_completed',
            eventId: event.id,
            sessionId: session.id,
            paymentReference: typeof intent === 'string' ? intent : (intent?.id ?? null),
          };
        }
        if (event.type === 'checkout.session.expired')
          return { type: 'session_expired', eventId: event.id, sessionId: event.data.object.id };
        return { type: 'ignored', eventId: event.id };
      },
    },
  };
}
