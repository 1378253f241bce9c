/**
 * The composition root: the services a process needs, built once from the configuration and
 * handed to the modules by app.ts and cli.ts (their only callers). One payment provider per
 * process — its in-memory state (the test provider's record of charges) and its HTTP client
 * are shared by checkout, the owner endpoints and the subscription jobs — and one mailer, whose
 * background sends the process waits for before it closes the database.
 */
import type { Config } from './config.ts';
import type { Database } from './db/index.ts';
import { createMailer, type Mailer } from './modules/mail/index.ts';
import {
  createPaymentProviders,
  createStripePaymentProvider,
  createTestPaymentProvider,
  type PaymentProvider,
  type PaymentProviders,
} from './modules/payments/index.ts';

export interface Services {
  /** The configured provider (PAYMENT_PROVIDER). */
  readonly paymentProvider: PaymentProvider;
  /** The same provider by id, for orders that name theirs (renewals, refunds). */
  readonly payments: PaymentProviders;
  readonly mailer: Mailer;
  readonly now: () => Date;
  /** Origin of absolute links (emails, payment return): PUBLIC_URL, else the request's own. */
  publicOrigin(request: { protocol: string; host: string }): string;
}

function paymentProviderOf(config: Config): PaymentProvider {
  switch (config.payments.provider) {
    case 'test':
      return createTestPaymentProvider();
    case 'stripe':
      // loadConfig refuses PAYMENT_PROVIDER=stripe without its keys; checked again for the types.
      if (!config.payments.stripe) throw new Error('PAYMENT_PROVIDER=stripe without its keys');
      return createStripePaymentProvider(config.payments.stripe);
  }
}

/** Tests replace single services (a provider they inspect, a clock); the rest is built as in production. */
export function createServices(
  config: Config,
  database: Database,
  overrides: Partial<Omit<Services, 'payments' | 'publicOrigin'>> = {},
): Services {
  const paymentProvider = overrides.paymentProvider ?? paymentProviderOf(config);
  return {
    paymentProvider,
    payments: createPaymentProviders([paymentProvider]),
    mailer: overrides.mailer ?? createMailer({ database, smtpUrl: config.smtpUrl }),
    now: overrides.now ?? (() => new Date()),
    publicOrigin: (request) => config.forms.publicUrl ?? `${request.protocol}://${request.host}`,
  };
}
