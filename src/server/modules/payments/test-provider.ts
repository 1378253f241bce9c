/**
 * The built-in test-mode provider: no network, the outcome is the token. 'success' charges,
 * 'decline' is refused like a card without funds, anything else ('error') is a provider
 * failure. It remembers its charges and refunds in memory so tests can check that a failed
 * checkout gave the money back.
 */
import { randomUUID } from 'node:crypto';
import type { ChargeRequest, ChargeResult, PaymentProvider } from './provider.ts';

export const TEST_TOKENS = { success: 'success', decline: 'decline', error: 'error' } as const;

export interface TestPaymentProvider extends PaymentProvider {
  readonly charges: ReadonlyMap<string, ChargeRequest & { refunded: boolean }>;
}

export function createTestPaymentProvider(): TestPaymentProvider {
  const charges = new Map<string, ChargeRequest & { refunded: boolean }>();
  return {
    id: 'test',
    charges,
    async charge(request): Promise<ChargeResult> {
      if (request.token === TEST_TOKENS.decline) {
        return { status: 'declined', reason: 'test card declined' };
      }
      if (request.token !== TEST_TOKENS.success) {
        return { status: 'failed', reason: 'test provider error' };
      }
      const reference = `test_${randomUUID()}`;
      charges.set(reference, { ...request, refunded: false });
      return { status: 'succeeded', reference };
    },
    async refund(reference) {
      const charge = charges.get(reference);
      if (!charge) throw new Error(`unknown test charge ${reference}`);
      charge.refunded = true;
    },
  };
}

export function createPaymentProviders(
  providers: readonly PaymentProvider[] = [createTestPaymentProvider()],
): ReadonlyMap<string, PaymentProvider> {
  return new Map(providers.map((provider) => [provider.id, provider]));
}
