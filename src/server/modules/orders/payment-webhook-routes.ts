/**
 * `POST /api/vitrine/payments/stripe/webhook`: Stripe's signed deliveries. The body is read raw
 * (the signature covers the exact bytes) and checked by the provider; a forged or stale
 * delivery is answered 400 and changes nothing. A verified one answers 200 whatever it
 * changed, so Stripe stops retrying a duplicate or an event this store does not act on.
 * No CSRF token: the signature is the proof of origin.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../shared/errors.ts';
import type { Database } from '../../db/index.ts';
import type { SiteResolver } from '../../http/current-site.ts';
import type { Mailer } from '../mail/index.ts';
import type { PaymentProvider } from '../payments/index.ts';
import { confirmHostedPayment, expireHostedPayment } from './hosted-payment.ts';
import { loadOrderView } from './order-view.ts';
import { sendOrderEmails } from './place-order.ts';

export const STRIPE_WEBHOOK_PATH = '/api/vitrine/payments/stripe/webhook';

/** Stripe's events are small; anything larger is not one of them. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

export function registerPaymentWebhookRoutes(
  app: FastifyInstance,
  deps: {
    database: Database;
    sites: SiteResolver;
    provider: PaymentProvider;
    mailer: Mailer;
  },
): void {
  const hosted = deps.provider.hosted;
  if (deps.provider.id !== 'stripe' || !hosted) return;
  void app.register(async (scope) => {
    // Only this scope reads JSON as bytes: the signature is over the body exactly as sent.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_r, body, done) => done(null, body),
    );
    scope.post(
      STRIPE_WEBHOOK_PATH,
      { config: { csrf: false, site: 'optional' } },
      async (request, reply) => {
        const raw = request.body;
        const signature = request.headers['stripe-signature'];
        const event = Buffer.isBuffer(raw)
          ? hosted.readWebhook(raw, typeof signature === 'string' ? signature : undefined)
          : null;
        if (!event) throw new AppError('BAD_REQUEST');
        if (event.type === 'session_completed') {
          const result = await confirmHostedPayment(deps.database, event);
          if (result.outcome === 'paid' && result.orderId !== null) {
            const order = await loadOrderView(deps.database.db, result.orderId);
            const site = request.siteIfAny;
            if (order && site) await sendOrderEmails({ ...deps, log: request.log }, order, site);
          }
          request.log.info({ eventId: event.eventId, ...result }, 'payment webhook');
        } else if (event.type === 'session_expired') {
          const { stockReturnedFor, ...result } = await expireHostedPayment(deps.database, event);
          // Told after the commit: the units are back on the product pages of every process.
          if (stockReturnedFor !== undefined)
            deps.sites.invalidate({ siteId: stockReturnedFor, what: 'stock' });
          request.log.info({ eventId: event.eventId, ...result }, 'payment webhook');
        }
        return reply.code(200).send({ received: true });
      },
    );
  });
}
