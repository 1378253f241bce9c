/**
 * The payment part of the configuration: which provider takes the money, and the rules that
 * keep a production store from running on the test provider by accident or on Stripe without
 * its keys. Returns the problems instead of throwing so loadConfig reports them with the rest.
 */

export const PAYMENT_PROVIDER_IDS = ['test', 'stripe'] as const;
export type PaymentProviderId = (typeof PAYMENT_PROVIDER_IDS)[number];

export const DEFAULT_STRIPE_API_BASE = 'https://api.stripe.com';

export const TEST_PAYMENTS_IN_PRODUCTION =
  'PAYMENT_PROVIDER: the test provider takes no money; with NODE_ENV=production set PAYMENT_PROVIDER=stripe, or ALLOW_TEST_PAYMENTS=true to run a demo store';
export const STRIPE_KEYS_MISSING =
  'PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET';

export interface PaymentsConfig {
  readonly provider: PaymentProviderId;
  readonly stripe: {
    readonly secretKey: string;
    readonly webhookSecret: string;
    /** Stripe's API origin; tests point it at a local fake. */
    readonly apiBase: string;
  } | null;
}

export interface PaymentEnv {
  readonly NODE_ENV: 'development' | 'production' | 'test';
  readonly PAYMENT_PROVIDER: PaymentProviderId;
  readonly ALLOW_TEST_PAYMENTS: boolean;
  readonly STRIPE_SECRET_KEY?: string | undefined;
  readonly STRIPE_WEBHOOK_SECRET?: string | undefined;
  readonly STRIPE_API_BASE: string;
}

export function paymentsConfig(
  env: PaymentEnv,
): { ok: true; value: PaymentsConfig } | { ok: false; issues: string[] } {
  if (env.PAYMENT_PROVIDER === 'test') {
    if (env.NODE_ENV === 'production' && !env.ALLOW_TEST_PAYMENTS)
      return { ok: false, issues: [TEST_PAYMENTS_IN_PRODUCTION] };
    return { ok: true, value: { provider: 'test', stripe: null } };
  }
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET)
    return { ok: false, issues: [STRIPE_KEYS_MISSING] };
  return {
    ok: true,
    value: {
      provider: 'stripe',
      stripe: {
        secretKey: env.STRIPE_SECRET_KEY,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET,
        apiBase: env.STRIPE_API_BASE.replace(/\/+$/, ''),
      },
    },
  };
}
