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
}

function paymentProviderOf(config: Config): PaymentProvider {
  switch (config.payments.provider) {
    case 'test':
      return createTestPaymentProvider();
    case 'stripe':
      throw new Error('PAYMENT_PROVIDER=stripe is not available in this build');
  }
}

/** Tests replace single services (a provider they inspect, a clock); the rest is built as in production. */
export function createServices(
  config: Config,
  database: Database,
  overrides: Partial<Omit<Services, 'payments'>> = {},
): Services {
  const paymentProvider = overrides.paymentProvider ?? paymentProviderOf(config);
  return {
    paymentProvider,
    payments: createPaymentProviders([paymentProvider]),
    mailer: overrides.mailer ?? createMailer({ database, smtpUrl: config.smtpUrl }),
    now: overrides.now ?? (() => new Date()),
  };
}
